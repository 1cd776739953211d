import { useTranslation } from 'react-i18next';
import type { RenderItem, RenderPage } from './render-model';
import './print.css';

const at = (i: Pick<RenderItem, 'left' | 'top' | 'width' | 'height'>) => ({
  left: i.left,
  top: i.top,
  width: i.width,
  height: i.height,
});

function Item({ item }: { item: RenderItem }) {
  const { t } = useTranslation('print');
  switch (item.kind) {
    case 'text':
      return (
        <div
          className="tp-text"
          style={{ ...at(item), fontSize: item.fontPx, fontWeight: item.bold ? 700 : 400, textAlign: item.align }}
        >
          {item.text}
        </div>
      );
    case 'image':
      return <img className="tp-image" style={at(item)} src={item.src} alt={item.alt} />;
    case 'failed':
      return (
        <div className="tp-failed" style={at(item)}>
          {t('render.failed')}
        </div>
      );
    case 'table':
      return (
        <table className="tp-table" style={{ ...at(item), height: undefined, fontSize: item.fontPx }}>
          <colgroup>
            {item.columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity beyond their place
              <col key={i} style={{ width: c.width }} />
            ))}
          </colgroup>
          <thead>
            <tr style={{ height: item.rowPx }}>
              {item.columns.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity beyond their place
                <th key={i}>{c.title}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {item.rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a printed row is its place on the page
              <tr key={i} style={{ height: item.rowPx }}>
                {r.map((v, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity beyond their place
                  <td key={j}>{v}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}

/** Rendered pages, each its template's size; one sheet of paper per page when printed. */
export function PrintPages({ pages }: { pages: RenderPage[] }) {
  return (
    <div className="tp-pages">
      {pages.map((p) => (
        <div className="tp-page" key={p.key} style={{ width: p.width, height: p.height }} data-testid="tp-page">
          {p.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an element's place in the layout is its identity
            <Item key={i} item={item} />
          ))}
        </div>
      ))}
    </div>
  );
}
