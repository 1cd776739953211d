import { useQuery } from '@tanstack/react-query';
import { Button, Select, Spin } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKindTemplates, useMetas } from './api';
import { PrintPages } from './PrintPages';
import { KIND_ENTITY, printRecord, type RecordSource } from './record';
import type { PrintKind, PrintTemplateWire } from './types';
import './print.css';

const BUILT_IN = 0;

/** The page's @page rule: paper of the template's exact size without margins (also what print-to-PDF makes). */
const pageRule = (t: PrintTemplateWire) =>
  `@page { size: ${t.widthMm}mm ${t.heightMm}mm; margin: 0; } @media print { html, body { margin: 0; padding: 0; } }`;

function TemplatePages({
  template,
  kind,
  sources,
}: {
  template: PrintTemplateWire;
  kind: PrintKind;
  sources: RecordSource[];
}) {
  const { t, i18n } = useTranslation('print');
  const def = KIND_ENTITY[kind];
  const listNames = Object.keys(def.lists);
  const { metas, settled } = useMetas([def.entity, ...listNames.map((n) => def.lists[n]!)]);
  const pages = useQuery({
    queryKey: ['print-pages', template, sources, i18n.language, metas.map((m) => m?.name ?? '')],
    enabled: settled,
    queryFn: async () => {
      // The barcode library is large: a print page loads it only when it prints through a template.
      const { renderPages } = await import('./render-model');
      const lists = Object.fromEntries(listNames.map((n, i) => [n, metas[i + 1]]));
      return renderPages(
        template,
        sources.map((s) => printRecord(s, metas[0], lists, t)),
      );
    },
  });
  if (!pages.data) return <Spin className="resource-loading" />;
  return (
    <>
      <style>{pageRule(template)}</style>
      <div className="tp-bar">
        <span>
          {t('render.pages', { count: pages.data.length, width: template.widthMm, height: template.heightMm })}
        </span>
        <Button type="primary" onClick={() => window.print()} data-testid="tp-print">
          {t('render.print')}
        </Button>
      </div>
      <PrintPages pages={pages.data} />
    </>
  );
}

/**
 * The one way the print pages print through the tenant's templates: the kind's default template (or the one
 * chosen above the sheet) fills its layout from the page's records; "built-in" shows the page's own layout
 * (`children`). Both print from the browser; a template's paper is its exact size (CSS @page), so the
 * browser's "Save as PDF" gives a PDF of that size.
 */
export function TemplatePrint({
  kind,
  sources,
  children,
}: {
  kind: PrintKind;
  sources: RecordSource[];
  children: ReactNode;
}) {
  const { t } = useTranslation('print');
  const templates = useKindTemplates(kind);
  const [picked, setPicked] = useState<number | null>(null);
  const list = useMemo(() => templates.data ?? [], [templates.data]);
  const chosenId = picked ?? list.find((x) => x.isDefault)?.id ?? BUILT_IN;
  const template = list.find((x) => x.id === chosenId) ?? null;
  if (templates.isPending) return <Spin className="resource-loading" />;
  return (
    <>
      {list.length > 0 && (
        <div className="tp-bar">
          <span>{t('render.template')}</span>
          <Select
            data-testid="tp-select"
            value={chosenId}
            onChange={setPicked}
            options={[
              { value: BUILT_IN, label: t('render.builtIn') },
              ...list.map((x) => ({
                value: x.id,
                label: `${x.name} (${x.widthMm}×${x.heightMm} mm)${x.isDefault ? ` · ${t('render.default')}` : ''}`,
              })),
            ]}
          />
        </div>
      )}
      {template ? <TemplatePages template={template} kind={kind} sources={sources} /> : children}
    </>
  );
}
