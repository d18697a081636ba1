/** The comment sort (docs/product.md ): best, latest (default), oldest, replies, active. */
import { useId } from 'react';
import { COMMENT_SORT_LABELS, COMMENT_SORTS, type CommentSort, isCommentSort } from 'shared-api';

export function SortSelect({ value, onChange }: { value: CommentSort; onChange(sort: CommentSort): void }) {
  const id = useId();
  return (
    <div className="gwp-sort">
      <label htmlFor={id}>Sortuj komentarze</label>
      <select
        id={id}
        className="gw-input gwp-sort__select"
        value={value}
        onChange={(event) => {
          if (isCommentSort(event.target.value)) onChange(event.target.value);
        }}
      >
        {COMMENT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {COMMENT_SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
