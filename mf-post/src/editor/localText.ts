/**
 * Unsaved editor text kept in localStorage, so that it survives a reload, until it is saved or
 * sent. One key per place of writing: a new post, a reply to a post, an edit, a draft.
 */
import type { FileRef } from 'shared-api';

export interface StoredText {
  title: string;
  url: string;
  body: string;
  files: FileRef[];
}

const PREFIX = 'gwar_editor:';

export function loadText(key: string): StoredText | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredText>;
    return {
      title: typeof value.title === 'string' ? value.title : '',
      url: typeof value.url === 'string' ? value.url : '',
      body: typeof value.body === 'string' ? value.body : '',
      files: Array.isArray(value.files) ? value.files.filter((f) => typeof f?.file === 'string') : [],
    };
  } catch {
    return null;
  }
}

export function saveText(key: string, value: StoredText): void {
  try {
    if (!value.title && !value.url && !value.body && value.files.length === 0)
      localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the text is simply not kept.
  }
}

export function clearText(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // nothing kept, nothing to clear
  }
}
