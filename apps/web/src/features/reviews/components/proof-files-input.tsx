import { useId, useRef, useState } from 'react';
import Paperclip from 'lucide-react/icons/paperclip';
import X from 'lucide-react/icons/x';
import { REVIEW_LIMITS } from '@trustlinks/contract/reviews';
import { Button } from '../../../components/ui/button';
import type { ProofFile } from '../review-form-model';
import { PROOF_TEXT as T, WRITE_TEXT } from '../reviews-texts';

const ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';
const TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf']);

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Up to 3 payment proof files (PNG, JPEG or PDF, 2 MB each) for the review (docs/decisions/012). The
 * browser checks count, size and type for a quick answer; the server checks the bytes.
 */
export function ProofFilesInput({
  files,
  onChange,
}: {
  files: ProofFile[];
  onChange: (files: ProofFile[]) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  async function handleFiles(list: FileList | null) {
    if (!list) return;
    setError(null);
    const chosen = [...list];
    if (files.length + chosen.length > REVIEW_LIMITS.proofFilesMax) {
      setError(T.tooMany);
      return;
    }
    const added: ProofFile[] = [];
    for (const file of chosen) {
      if (file.size > REVIEW_LIMITS.proofFileMaxBytes) return setError(T.tooLarge(file.name));
      if (file.type && !TYPES.has(file.type)) return setError(T.badType(file.name));
      added.push({ name: file.name, size: file.size, dataBase64: await readBase64(file) });
    }
    onChange([...files, ...added]);
    if (input.current) input.current.value = '';
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {T.label} <span className="font-normal text-muted-foreground">{WRITE_TEXT.optional}</span>
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {T.hint}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          disabled={files.length >= REVIEW_LIMITS.proofFilesMax}
          onChange={(e) => void handleFiles(e.target.files)}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={files.length >= REVIEW_LIMITS.proofFilesMax}
          onClick={() => input.current?.click()}
        >
          <Paperclip aria-hidden="true" />
          {T.choose}
        </Button>
        {files.map((f, i) => (
          <span
            key={`${f.name}-${i}`}
            className="inline-flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-3 text-sm"
          >
            <span className="max-w-48 truncate">{f.name}</span>
            <button
              type="button"
              aria-label={T.remove(f.name)}
              className="rounded-full p-1 hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
              onClick={() => onChange(files.filter((_, j) => j !== i))}
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </span>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
