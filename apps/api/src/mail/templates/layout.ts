// The frame every mail shares: plain text and simple HTML, values escaped in HTML.

export interface RenderedMail {
  template: string;
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A small, consistent frame: greeting, paragraphs, an optional button, a footer. */
export function layout(opts: {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}): { text: string; html: string } {
  const textParts = [opts.greeting, '', ...opts.paragraphs.flatMap((p) => [p, ''])];
  if (opts.action) textParts.push(`${opts.action.label}: ${opts.action.url}`, '');
  for (const p of opts.after ?? []) textParts.push(p, '');
  textParts.push('— The TrustLinks team');

  const p = (s: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const button = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(opts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">${p(opts.greeting)}${opts.paragraphs.map(p).join('')}${button}${(opts.after ?? []).map(p).join('')}<p style="margin:24px 0 0;color:#555">— The TrustLinks team</p></body></html>`;
  return { text: textParts.join('\n'), html };
}

export const hello = (name: string | null | undefined) => (name ? `Hi ${name},` : 'Hello,');

/** The footer of every notification mail: why it came, and the one-click way to stop it. */
export function unsubscribeLine(unsubscribe: { url: string; label: string }): string {
  return `You get this email because of your notification settings (${unsubscribe.label}). Stop these emails with one click: ${unsubscribe.url}`;
}
