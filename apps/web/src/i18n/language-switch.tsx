// The language switch of the menus: names the other language in that language (हिन्दी / English).
import { chooseLanguage } from './preference';
import { useLanguage } from './runtime';

export function LanguageSwitch({
  className,
  role,
  onChosen,
}: {
  className: string;
  role?: 'menuitem';
  onChosen?: () => void;
}) {
  const language = useLanguage();
  const next = language === 'hi' ? 'en' : 'hi';
  return (
    <button
      type="button"
      role={role}
      tabIndex={role ? -1 : undefined}
      className={className}
      lang={next}
      data-testid="language-switch"
      onClick={() => {
        onChosen?.();
        void chooseLanguage(next);
      }}
    >
      <i className="bi bi-translate me-2" aria-hidden="true" />
      <span translate="no">{next === 'hi' ? 'हिन्दी' : 'English'}</span>
    </button>
  );
}
