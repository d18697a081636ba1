import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  text?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, text, icon, action }: EmptyStateProps) {
  return (
    <div className="gw-empty">
      {icon && <span aria-hidden="true">{icon}</span>}
      <h2 className="gw-empty__title">{title}</h2>
      {text && <p className="gw-empty__text">{text}</p>}
      {action}
    </div>
  );
}
