/**
 * Writing a top-level post: a titled post (with an optional link) or a micropost, switched by
 * tabs; publish or save as a draft. Used by /add and by /draft/{post}.
 */
import { useId, useState } from 'react';
import type { FileRef } from 'shared-api';
import type { PostKind } from 'shared-api/validation';
import { Editor, type EditorData } from './editor/Editor.tsx';

/** What /add writes: every kind but a comment. */
export type TopKind = Exclude<PostKind, 'comment'>;

export interface WriteFormProps {
  initialKind: TopKind;
  /** Separate local copies per kind, e.g. 'add' → 'add:post' and 'add:micro'. */
  storagePrefix: string;
  initial?: { title: string; url: string; body: string; files: FileRef[] };
  onPublish(kind: TopKind, data: EditorData): Promise<unknown>;
  onSaveDraft(data: EditorData): Promise<unknown>;
}

const TABS: { kind: TopKind; label: string }[] = [
  { kind: 'post', label: 'Wpis z tytułem' },
  { kind: 'micro', label: 'Mikrowpis' },
];

export function WriteForm({ initialKind, storagePrefix, initial, onPublish, onSaveDraft }: WriteFormProps) {
  const [kind, setKind] = useState<TopKind>(initialKind);
  const tabsId = useId();
  return (
    <div className="gwp-write">
      <div className="gwp-write__tabs" role="tablist" aria-label="Rodzaj wpisu">
        {TABS.map((tab) => (
          <button
            key={tab.kind}
            type="button"
            role="tab"
            id={`${tabsId}-${tab.kind}`}
            aria-selected={kind === tab.kind}
            aria-controls={`${tabsId}-panel`}
            className="gwp-write__tab"
            onClick={() => setKind(tab.kind)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${kind}`}>
        <Editor
          key={kind}
          kind={kind}
          storageKey={`${storagePrefix}:${kind}`}
          initial={initial}
          submitLabel="Opublikuj"
          autoFocus
          onSubmit={(data) => onPublish(kind, data)}
          onSaveDraft={onSaveDraft}
        />
      </div>
    </div>
  );
}
