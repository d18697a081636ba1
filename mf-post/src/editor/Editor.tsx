/**
 * The one editor for titled posts, microposts and comments (docs/product.md#5-input-rules): every rule with its
 * message under the field plus the form toast, Ctrl+Enter to submit, a #nsfw button,
 * @user/#tag autocomplete, a preview rendered by the same markup rules as the server, image
 * uploads, and the unsaved text kept locally until it is saved or sent.
 */
import { type FormEvent, type KeyboardEvent, Suspense, useEffect, useId, useRef, useState } from 'react';
import { type FileRef, toast, toastFormErrors } from 'shared-api';
import { renderMarkup } from 'shared-api/markup';
import { MESSAGES, normalizeBody } from 'shared-api/validation';
import { Button, fileUrl, SafeHtml, Spinner } from 'shared-ui';
import { TextField } from 'shared-ui/forms';
import { BodyField } from './BodyField.tsx';
import { FileStrip, useUploader } from './FileStrip.tsx';
import { clearText, loadText, type StoredText, saveText } from './localText.ts';
import { type EditorKind, type FieldErrors, serverError, validatePost } from './validate.ts';

export interface EditorData {
  title: string | null;
  url: string | null;
  body: string;
  files: string[];
}

export interface EditorProps {
  kind: EditorKind;
  /** Where the unsaved text is kept (e.g. 'add:post', 'reply:12', 'edit:34'). */
  storageKey: string;
  initial?: Partial<StoredText>;
  submitLabel: string;
  onSubmit(data: EditorData): Promise<unknown>;
  /** Saving as a draft skips the publishing rules (a draft may be unfinished). */
  onSaveDraft?(data: EditorData): Promise<unknown>;
  onCancel?(): void;
  autoFocus?: boolean;
  bodyLabel?: string;
}

const EMPTY: StoredText = { title: '', url: '', body: '', files: [] };
const NSFW = '#nsfw';

export function Editor({
  kind,
  storageKey,
  initial,
  submitLabel,
  onSubmit,
  onSaveDraft,
  onCancel,
  autoFocus,
  bodyLabel = 'Treść',
}: EditorProps) {
  const [values, setValues] = useState<StoredText>(() => loadText(storageKey) ?? { ...EMPTY, ...initial });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [busy, setBusy] = useState<'submit' | 'draft' | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const formId = useId();

  useEffect(() => {
    const timer = setTimeout(() => saveText(storageKey, values), 300);
    return () => clearTimeout(timer);
  }, [storageKey, values]);

  const set = <K extends keyof StoredText>(key: K, value: StoredText[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key as keyof FieldErrors] ? { ...current, [key]: undefined } : current));
  };
  const setFiles = (files: FileRef[]) => setValues((current) => ({ ...current, files }));
  const uploader = useUploader({
    files: values.files,
    onChange: setFiles,
    onError: (text) => setErrors((current) => ({ ...current, files: text ?? undefined })),
  });

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    setTab('write');
    toastFormErrors();
    requestAnimationFrame(() => (next.title ? titleRef.current : bodyRef.current)?.focus());
  };

  const data = (): EditorData => ({
    title: kind === 'post' ? values.title.trim() || null : null,
    url: kind === 'post' ? values.url.trim() || null : null,
    body: normalizeBody(values.body),
    files: values.files.map((f) => f.file),
  });

  // State updates are asynchronous: a ref stops a second submit in the same tick.
  const running = useRef(false);
  const run = async (
    which: 'submit' | 'draft',
    action: (data: EditorData) => Promise<unknown>,
    payload: EditorData,
  ) => {
    if (running.current) return;
    running.current = true;
    setBusy(which);
    try {
      await action(payload);
      clearText(storageKey);
      setValues(EMPTY);
      setErrors({});
    } catch (error) {
      const mapped = serverError(error);
      if (mapped.field) showErrors({ [mapped.field]: mapped.text });
      else if (mapped.text) toast.error(mapped.text);
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || uploader.pending) return;
    const checked = validatePost(kind, { ...values, files: values.files.map((f) => f.file) });
    if (!checked.ok) return showErrors(checked.errors);
    void run('submit', onSubmit, { ...checked.data, files: checked.data.files });
  };

  const saveDraft = () => {
    if (!onSaveDraft || busy) return;
    const payload = data();
    if (!payload.title && !payload.body && payload.files.length === 0)
      return showErrors({ body: MESSAGES.bodyRequired });
    void run('draft', onSaveDraft, payload);
  };

  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const insertNsfw = () => {
    if (new RegExp(`(^|\\s)${NSFW}(\\s|$)`, 'i').test(values.body)) return;
    set('body', values.body.trim() ? `${values.body.replace(/\s+$/, '')} ${NSFW}` : NSFW);
    bodyRef.current?.focus();
  };

  const preview = renderMarkup(normalizeBody(values.body));
  return (
    <form
      className="gwp-editor"
      onSubmit={submit}
      onKeyDown={onFormKeyDown}
      noValidate
      aria-labelledby={`${formId}-label`}
    >
      <span id={`${formId}-label`} className="gw-visually-hidden">
        {submitLabel}
      </span>
      <div className="gwp-editor__tabs" role="tablist" aria-label="Tryb edytora">
        <button type="button" role="tab" aria-selected={tab === 'write'} onClick={() => setTab('write')}>
          Pisz
        </button>
        <button type="button" role="tab" aria-selected={tab === 'preview'} onClick={() => setTab('preview')}>
          Podgląd
        </button>
      </div>
      <div hidden={tab !== 'write'} className="gwp-editor__write">
        {kind === 'post' && (
          <>
            <TextField
              ref={titleRef}
              label="Tytuł"
              value={values.title}
              error={errors.title}
              maxLength={400}
              autoFocus={autoFocus}
              onChange={(event) => set('title', event.target.value)}
            />
            <TextField
              label="Link (opcjonalnie)"
              type="url"
              inputMode="url"
              placeholder="https://"
              value={values.url}
              error={errors.url}
              onChange={(event) => set('url', event.target.value)}
            />
          </>
        )}
        <BodyField
          textareaRef={bodyRef}
          label={bodyLabel}
          value={values.body}
          error={errors.body}
          rows={kind === 'comment' ? 4 : 8}
          placeholder={kind === 'comment' ? 'Napisz komentarz…' : 'Napisz coś… (@użytkownik, #tag)'}
          autoFocus={autoFocus && kind !== 'post'}
          onChange={(body) => set('body', body)}
          onPasteFiles={(files) => void uploader.add(files)}
          onSubmitShortcut={submit}
        />
        <FileStrip files={values.files} onChange={setFiles} error={errors.files} uploader={uploader} />
      </div>
      {tab === 'preview' && (
        <section className="gwp-preview" aria-label="Podgląd wpisu">
          {kind === 'post' && values.title.trim() && (
            <h2 className="gwp-preview__title">{values.title.trim()}</h2>
          )}
          {preview.html ? (
            <Suspense fallback={<Spinner />}>
              <SafeHtml html={preview.html} />
            </Suspense>
          ) : (
            <p className="gwp-muted">Nic tu jeszcze nie ma.</p>
          )}
          {values.files.length > 0 && (
            <div className="gwp-preview__files">
              {values.files.map((ref) => (
                <img key={ref.file} src={fileUrl(ref)} alt="" loading="lazy" />
              ))}
            </div>
          )}
        </section>
      )}
      <div className="gwp-editor__actions">
        <Button
          variant="ghost"
          size="small"
          onClick={insertNsfw}
          title="Treść dla dorosłych musi mieć tag #nsfw"
        >
          #nsfw
        </Button>
        <span className="gwp-editor__hint gwp-muted gwp-small">Ctrl+Enter wysyła</span>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Anuluj
          </Button>
        )}
        {onSaveDraft && (
          <Button
            variant="secondary"
            busy={busy === 'draft'}
            disabled={busy === 'submit'}
            onClick={saveDraft}
          >
            Zapisz szkic
          </Button>
        )}
        <Button type="submit" busy={busy === 'submit'} disabled={busy === 'draft' || uploader.pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
