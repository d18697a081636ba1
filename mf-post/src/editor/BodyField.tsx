/**
 * The body textarea with `@user` / `#tag` autocomplete: asked 400 ms after the last key, for
 * what is being typed in the last 30 characters (more than 2 characters), 10 suggestions.
 * A combobox: the listbox is tied by aria-controls, the active option by
 * aria-activedescendant; arrows move, Enter or Tab picks, Escape closes.
 */
import { type ClipboardEvent, type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { searchUsernames } from 'shared-api';
import { fetchTagSuggestions } from 'shared-api/tags';
import { LIMITS } from 'shared-api/validation';
import { TextArea } from 'shared-ui/forms';
import { applyCompletion, findTrigger, type Trigger } from './autocomplete.ts';

export interface BodyFieldProps {
  value: string;
  onChange(value: string): void;
  error?: string | null | undefined;
  label: string;
  placeholder?: string;
  rows?: number;
  autoFocus?: boolean;
  onPasteFiles(files: File[]): void;
  onSubmitShortcut(): void;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

interface Suggestions {
  trigger: Trigger;
  items: string[];
}

export function BodyField({
  value,
  onChange,
  error,
  label,
  placeholder,
  rows = 6,
  autoFocus,
  onPasteFiles,
  onSubmitShortcut,
  textareaRef,
}: BodyFieldProps) {
  const listId = useId();
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [active, setActive] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      abort.current?.abort();
    },
    [],
  );

  const close = () => {
    setSuggestions(null);
    setActive(0);
  };

  const schedule = () => {
    if (timer.current) clearTimeout(timer.current);
    abort.current?.abort();
    timer.current = setTimeout(() => {
      const element = ownRef.current;
      if (!element) return;
      const trigger = findTrigger(element.value, element.selectionStart ?? element.value.length);
      if (!trigger) return close();
      const controller = new AbortController();
      abort.current = controller;
      const request =
        trigger.kind === 'user'
          ? searchUsernames(trigger.query, controller.signal)
          : fetchTagSuggestions(trigger.query, controller.signal).then((rows) => rows.map((row) => row.tag));
      request
        .then((items) => {
          if (controller.signal.aborted) return;
          setActive(0);
          setSuggestions(
            items.length ? { trigger, items: items.slice(0, LIMITS.autocompleteResults) } : null,
          );
        })
        .catch(() => undefined);
    }, LIMITS.autocompleteDelayMs);
  };

  const pick = (item: string) => {
    const element = ownRef.current;
    if (!element || !suggestions) return;
    const caret = element.selectionStart ?? value.length;
    const next = applyCompletion(value, caret, suggestions.trigger, item);
    onChange(next.text);
    close();
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      // Handled here; the form must not submit a second time.
      event.preventDefault();
      event.stopPropagation();
      close();
      onSubmitShortcut();
      return;
    }
    if (!suggestions) return;
    const count = suggestions.items.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % count);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i - 1 + count) % count);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(suggestions.items[active] as string);
    } else if (event.key === 'Escape') {
      // Closes the list, not the modal around the editor.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData?.files ?? []).filter((file) =>
      file.type.startsWith('image/'),
    );
    if (files.length) {
      event.preventDefault();
      onPasteFiles(files);
    }
  };

  const setRefs = (element: HTMLTextAreaElement | null) => {
    ownRef.current = element;
    if (typeof textareaRef === 'function') textareaRef(element);
    else if (textareaRef) (textareaRef as { current: HTMLTextAreaElement | null }).current = element;
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="gwp-body">
      <TextArea
        ref={setRefs}
        label={label}
        value={value}
        error={error}
        rows={rows}
        placeholder={placeholder}
        autoFocus={autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={suggestions !== null}
        aria-controls={listId}
        aria-activedescendant={suggestions ? optionId(active) : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          schedule();
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(close, 150)}
        onPaste={onPaste}
      />
      <div id={listId} role="listbox" aria-label="Podpowiedzi" className="gwp-suggest" hidden={!suggestions}>
        {suggestions?.items.map((item, index) => (
          <div
            key={item}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={index === active ? 'gwp-suggest__item gwp-suggest__item--active' : 'gwp-suggest__item'}
            onMouseDown={(event) => {
              event.preventDefault();
              pick(item);
            }}
          >
            {suggestions.trigger.kind === 'user' ? '@' : '#'}
            {item}
          </div>
        ))}
      </div>
    </div>
  );
}
