import { useTranslation } from 'react-i18next';

/**
 * What the home panel's MTBF is made of: the running time of all machines together ÷ their failures. Summed over
 * every machine it is often longer than the 30 days it covers (100 machines, 10 failures: about 7,000 h), so the
 * panel says how it was reached.
 */
export function MtbfDefinition({ running, failures }: { running: unknown; failures: unknown }) {
  const { t, i18n } = useTranslation('reports');
  if (!Number(failures)) return null;
  const hours = Math.round(Number(running)).toLocaleString(i18n.language === 'en' ? 'en-US' : 'zh-CN');
  return (
    <div className="home-panel__trend" data-testid="home-mtbf-definition">
      {t('home.mtbfDefinition', { running: hours, failures: Number(failures) })}
    </div>
  );
}
