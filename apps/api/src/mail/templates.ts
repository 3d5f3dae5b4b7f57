// Every mail the product sends, as plain text and simple HTML (values escaped in HTML), one file
// per kind under templates/.
export type { RenderedMail } from './templates/layout';
export * from './templates/accounts';
export * from './templates/identity';
export * from './templates/messages';
