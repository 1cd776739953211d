import { useQuery } from '@tanstack/react-query';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { dragged } from './layout-edit';
import { PrintPages } from './PrintPages';
import { renderPages } from './render-model';
import type { PrintElement, PrintLayout, PrintRecord } from './types';

interface Drag {
  index: number;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  from: PrintElement;
}

/** Pixels per millimetre that fit the page into the width available (at most 6). */
const fitScale = (available: number, widthMm: number) => Math.max(0.5, Math.min(6, (available - 8) / widthMm));

/**
 * The page being designed: the template rendered with a sample record, and over each element a box to select it,
 * drag it (half-millimetre steps, kept on the page) or resize it from its corner.
 */
export function DesignCanvas({
  widthMm,
  heightMm,
  layout,
  sample,
  selected,
  onSelect,
  onChange,
}: {
  widthMm: number;
  heightMm: number;
  layout: PrintLayout;
  sample: PrintRecord;
  selected: number | null;
  onSelect: (i: number | null) => void;
  onChange: (i: number, el: PrintElement) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(600);
  const [drag, setDrag] = useState<Drag | null>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setAvailable(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const scale = fitScale(available, widthMm);
  const preview = useQuery({
    queryKey: ['print-design', widthMm, heightMm, layout, sample, scale],
    queryFn: () => renderPages({ widthMm, heightMm, layout }, [{ ...sample, lists: trimmed(sample, layout) }], scale),
    placeholderData: (prev) => prev,
  });
  const page = { w: widthMm, h: heightMm };
  const start = (e: ReactPointerEvent, index: number, mode: Drag['mode']) => {
    e.stopPropagation();
    (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
    onSelect(index);
    setDrag({ index, mode, startX: e.clientX, startY: e.clientY, from: layout.elements[index]! });
  };
  const move = (e: ReactPointerEvent) => {
    if (!drag) return;
    const dx = (e.clientX - drag.startX) / scale;
    const dy = (e.clientY - drag.startY) / scale;
    onChange(drag.index, dragged(drag.from, drag.mode, dx, dy, page));
  };
  return (
    <div className="tp-canvas-host" ref={host}>
      <div
        className="tp-canvas"
        style={{ width: widthMm * scale, height: heightMm * scale }}
        onPointerDown={() => onSelect(null)}
        onPointerMove={move}
        onPointerUp={() => setDrag(null)}
        data-testid="tp-canvas"
      >
        {preview.data?.[0] && <PrintPages pages={[preview.data[0]]} />}
        {layout.elements.map((el, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: an element's place in the layout is its identity
            key={i}
            className={`tp-box${selected === i ? ' tp-box-selected' : ''}`}
            style={{ left: el.x * scale, top: el.y * scale, width: el.w * scale, height: el.h * scale }}
            onPointerDown={(e) => start(e, i, 'move')}
            data-testid={`tp-box-${i}`}
          >
            {selected === i && <span className="tp-handle" onPointerDown={(e) => start(e, i, 'resize')} />}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The sample's lists cut to one page of each table, so the preview shows the first page. */
function trimmed(sample: PrintRecord, layout: PrintLayout): PrintRecord['lists'] {
  return Object.fromEntries(
    Object.entries(sample.lists).map(([name, list]) => {
      const table = layout.elements.find((e) => e.kind === 'table' && e.source === name);
      const per = table && table.kind === 'table' ? Math.max(1, Math.floor(table.h / table.rowHeight) - 1) : 3;
      return [name, { ...list, rows: list.rows.slice(0, per) }];
    }),
  );
}
