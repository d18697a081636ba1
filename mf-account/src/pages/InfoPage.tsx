/**
 * Info pages (docs/product.md ): /terms, /privacy, /faq, /contact, /idea, /drdpr; the shell
 * passes `page`.
 */
import { type ComponentType, useEffect } from 'react';
import { Card } from 'shared-ui';
import * as contact from '../info/contact.tsx';
import * as drdpr from '../info/drdpr.tsx';
import * as faq from '../info/faq.tsx';
import * as idea from '../info/idea.tsx';
import * as privacy from '../info/privacy.tsx';
import * as terms from '../info/terms.tsx';
import '../account.css';

export type InfoPageName = 'terms' | 'privacy' | 'faq' | 'contact' | 'idea' | 'drdpr';

const PAGES: Record<InfoPageName, { title: string; Body: ComponentType }> = {
  terms: { title: terms.title, Body: terms.Terms },
  privacy: { title: privacy.title, Body: privacy.Privacy },
  faq: { title: faq.title, Body: faq.Faq },
  contact: { title: contact.title, Body: contact.Contact },
  idea: { title: idea.title, Body: idea.Idea },
  drdpr: { title: drdpr.title, Body: drdpr.Drdpr },
};

export default function InfoPage({ page }: { page: InfoPageName }) {
  const { title, Body } = PAGES[page] ?? PAGES.idea;
  useEffect(() => {
    document.title = `${title} — Gwar`;
  }, [title]);
  return (
    <div className="acc-page">
      <h1 className="acc-title">{title}</h1>
      <Card as="article" className="acc-prose">
        <Body />
      </Card>
    </div>
  );
}
