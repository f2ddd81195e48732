// Lists (dealers/lists, docs/screens.md): a placeholder screen in the product too.
import { pagesTexts } from '../../i18n/en/pages';
import { useT } from '../../i18n/runtime';
export function ListsPage() {
  const t = useT(pagesTexts);
  return (
    <section className="container py-3">
      <h1 className="h3">{t('lists')}</h1>
      <p className="text-muted">{t('nothingYet')}</p>
    </section>
  );
}
