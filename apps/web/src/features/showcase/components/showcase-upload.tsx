import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import FileUp from 'lucide-react/icons/file-up';
import { Card } from '../../../components/ui/card';
import { buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { MAX_FILE_BYTES, parseShowcaseFile } from '../showcase-offers';
import type { ShowcaseOfferInput } from '../showcase-offers';
import { SHOWCASE_TEXT as T } from '../showcase-texts';

const SAMPLE = `[
  {
    "title": "Keto Burn – US Trial",
    "geo": "US, CA",
    "payout": "$45",
    "category": "Nutra",
    "description": "Free trial, mobile and desktop."
  }
]`;

interface ShowcaseUploadProps {
  onLoaded: (offers: ShowcaseOfferInput[]) => void;
}

/**
 * Upload of a JSON offers file (docs/product/offers.md#showcase), read in the browser only. Invalid JSON gives the
 * spec's error toast; entries missing a field are skipped and counted in the success toast.
 */
export function ShowcaseUpload({ onLoaded }: ShowcaseUploadProps) {
  const id = useId();
  const [reading, setReading] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setReading(true);
    try {
      if (file.size > MAX_FILE_BYTES) {
        toast.error(T.tooLarge);
        return;
      }
      const result = parseShowcaseFile(await file.text());
      if (!result.ok) {
        toast.error(result.reason === 'invalid-json' ? T.invalidJson : T.noValidOffers);
        return;
      }
      onLoaded(result.offers);
      toast.success(
        T.loaded(result.offers.length),
        result.skipped ? { description: T.skipped(result.skipped) } : undefined,
      );
      setSummary(T.lastUpload(result.offers.length, file.name, result.skipped));
    } catch {
      // The file could not be read (removed, no permission): as good as an invalid file.
      toast.error(T.invalidJson);
    } finally {
      setReading(false);
      // The same file may be chosen again (after editing it, or to load it twice).
      input.value = '';
    }
  }

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <h2 className="text-base font-semibold">{T.uploadTitle}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{T.uploadHint}</p>
        </div>
        <div className="shrink-0 max-sm:w-full">
          {/* The input is visually hidden; its label is the button, with the input's focus ring. */}
          <input
            id={`${id}-file`}
            type="file"
            accept=".json,application/json"
            onChange={(e) => void handleChange(e)}
            disabled={reading}
            className="peer sr-only"
          />
          <label
            htmlFor={`${id}-file`}
            className={buttonClasses({
              className:
                'w-full cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:opacity-60',
            })}
          >
            <FileUp aria-hidden="true" />
            {reading ? T.reading : T.chooseFile}
          </label>
        </div>
      </div>
      {summary ? (
        <p role="status" className="text-sm font-medium text-success">
          {summary}
        </p>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand">{T.formatTitle}</summary>
        <p className="mt-2 text-muted-foreground">{T.formatHint}</p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-muted p-3 text-xs leading-relaxed">
          {SAMPLE}
        </pre>
      </details>
    </Card>
  );
}
