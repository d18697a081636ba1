/**
 * The quick dialog (docs/product.md ): one small dialog at a time, opened from anywhere with
 * `openDialog({ type, ... })`. The shell renders the outlet; each area supplies the components
 * for its own types through its remote's `./dialogs` module.
 */
import type { ComponentType } from 'react';
import type { ModerateResolve, ReportType } from 'shared-api';
import { createStore, useStore } from 'zustand';

export type QuickDialogType =
  | 'perk-user'
  | 'perk-tag'
  | 'perk-domain'
  | 'tag-manage'
  | 'voters'
  | 'lightbox'
  | 'delete-post'
  | 'report'
  | 'moderate';

export type ReportOption = ReportType;
export type ModerateOption = ModerateResolve;

/** The quick dialog's state: what any type may need; each type reads its own fields. */
export interface QuickDialogState {
  /** A known type, or anything else (the outlet then says 'Nie wybrano właściwego typu'). */
  type: QuickDialogType | (string & {});
  /** The user name, tag or domain a perk dialog acts on. */
  target?: string;
  followed?: boolean;
  blocked?: boolean;
  upvotes?: number;
  downvotes?: number;
  upvoters?: string[];
  downvoters?: string[];
  imgUrl?: string;
  post?: number;
  reportOpt?: ReportOption | null;
  /** Empty at the start (the choice screen); set after a choice (the confirmation). */
  moderateOpt?: ModerateOption | null;
  tag?: string;
  owner?: string | null;
  about?: string;
  private?: boolean;
  url?: string;
}

/**
 * What every `./dialogs` component receives. The component renders its own `<Dialog>` from
 * shared-ui (it knows its title and size) with `onClose={close}`; the shell's outlet adds only the
 * loading state, the unknown-type message and Escape, and closes the dialog on navigation.
 */
export interface DialogProps {
  state: QuickDialogState;
  close(): void;
}

export type DialogComponents = Record<string, ComponentType<DialogProps>>;

export const dialogStore = createStore<{ dialog: QuickDialogState | null }>(() => ({ dialog: null }));

/** Opens a dialog, replacing any open one (one at a time). */
export function openDialog(state: QuickDialogState): void {
  dialogStore.setState({ dialog: state });
}

export function closeDialog(): void {
  dialogStore.setState({ dialog: null });
}

/** Changes fields of the open dialog, e.g. `{ moderateOpt: 'ban-user' }` for the confirmation step. */
export function updateDialog(patch: Partial<QuickDialogState>): void {
  const { dialog } = dialogStore.getState();
  if (dialog) dialogStore.setState({ dialog: { ...dialog, ...patch } });
}

/** The open dialog's state, or null. */
export function useDialog(): QuickDialogState | null {
  return useStore(dialogStore, (s) => s.dialog);
}
