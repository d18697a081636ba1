/**
 * Attached images: upload through a file input or by pasting into the body (the parent passes
 * pasted files in), thumbnails that can be removed and moved, at most 10 (docs/product.md ).
 */
import { useId, useRef } from 'react';
import { type FileRef, useSessionUser } from 'shared-api';
import { canUpload, UPLOAD_ACCEPT, useUploadFile } from 'shared-api/files';
import { LIMITS, MESSAGES } from 'shared-api/validation';
import { Button, fileUrl, IconButton, Spinner } from 'shared-ui';
import { serverError } from './validate.ts';

export interface UploaderOptions {
  files: FileRef[];
  onChange(files: FileRef[]): void;
  onError(text: string | null): void;
}

export interface FileStripProps {
  files: FileRef[];
  onChange(files: FileRef[]): void;
  error?: string | null | undefined;
  uploader: { add(files: File[]): Promise<void>; pending: boolean };
}

/** Uploads one after another (the server decodes each), appending as each one lands. */
export function useUploader({ files, onChange, onError }: UploaderOptions) {
  const upload = useUploadFile({ silent: true });
  const user = useSessionUser();
  const latest = useRef(files);
  latest.current = files;

  const add = async (list: File[]) => {
    onError(null);
    for (const file of list) {
      if (latest.current.length >= LIMITS.filesMax) {
        onError(MESSAGES.tooManyFiles);
        return;
      }
      if (!canUpload(user?.rating ?? 0, file.type)) {
        onError(MESSAGES.ratingTooLow);
        return;
      }
      try {
        const ref = await upload.mutateAsync(file);
        latest.current = [...latest.current, ref];
        onChange(latest.current);
      } catch (error) {
        onError(serverError(error).text ?? 'Nie udało się wgrać pliku');
        return;
      }
    }
  };
  return { add, pending: upload.isPending };
}

export function FileStrip({ files, onChange, error, uploader }: FileStripProps) {
  const inputId = useId();
  const errorId = useId();
  const { add, pending } = uploader;

  const move = (index: number, by: -1 | 1) => {
    const next = [...files];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    onChange(next);
  };

  return (
    <div className="gwp-files">
      <div className="gwp-files__bar">
        <label htmlFor={inputId} className="gw-button gw-button--secondary gw-button--small gwp-files__pick">
          Dodaj obrazek
        </label>
        <input
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple
          className="gw-visually-hidden"
          aria-describedby={error ? errorId : undefined}
          disabled={pending || files.length >= LIMITS.filesMax}
          onChange={(event) => {
            const list = Array.from(event.target.files ?? []);
            event.target.value = '';
            void add(list);
          }}
        />
        {pending && <Spinner label="Wgrywanie obrazka…" />}
        <span className="gwp-muted gwp-small">
          {files.length}/{LIMITS.filesMax}
        </span>
      </div>
      {error && (
        <p id={errorId} className="gw-field__error" role="alert">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul className="gwp-files__list" aria-label="Załączone obrazki">
          {files.map((ref, index) => (
            <li key={ref.file} className="gwp-files__item">
              <img src={fileUrl(ref)} alt={`Obrazek ${index + 1}`} loading="lazy" />
              <div className="gwp-files__actions">
                <IconButton
                  label={`Przesuń obrazek ${index + 1} w lewo`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ←
                </IconButton>
                <IconButton
                  label={`Przesuń obrazek ${index + 1} w prawo`}
                  disabled={index === files.length - 1}
                  onClick={() => move(index, 1)}
                >
                  →
                </IconButton>
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Usuń obrazek ${index + 1}`}
                  onClick={() => onChange(files.filter((f) => f.file !== ref.file))}
                >
                  ✕
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
