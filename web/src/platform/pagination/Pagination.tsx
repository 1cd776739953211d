import {
  DoubleLeftOutlined,
  DoubleRightOutlined,
  EllipsisOutlined,
  LeftOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, PAGE_SIZES, pageCount, pagerItems, parseJump } from './paging';
import { scrollWindowTo } from './scroll-to';
import './pagination.css';

export type PaginationPart = 'total' | 'sizes' | 'pager' | 'jumper';

export interface PaginationProps {
  total: number;
  page: number;
  limit?: number;
  pageSizes?: readonly number[];
  /** Parts to show, in order (default total, sizes, pager, jumper). */
  layout?: readonly PaginationPart[];
  /** Filled page buttons. */
  background?: boolean;
  /** Scroll the window to the top over 800 ms on every change (default on). */
  autoScroll?: boolean;
  hidden?: boolean;
  /** Emits page and limit. */
  onChange: (value: { page: number; limit: number }) => void;
}

const DEFAULT_LAYOUT: readonly PaginationPart[] = ['total', 'sizes', 'pager', 'jumper'];

/**
 * The list pager (spec 2.2, 5, 9): total, page size (10/50/100, default 20), first/previous/next/last, numbered
 * pages (pager count 5) and a typed jump.
 */
export function Pagination({
  total,
  page,
  limit = DEFAULT_LIMIT,
  pageSizes = PAGE_SIZES,
  layout = DEFAULT_LAYOUT,
  background = true,
  autoScroll = true,
  hidden = false,
  onChange,
}: PaginationProps) {
  const { t } = useTranslation('common');
  const pages = pageCount(total, limit);
  const current = Math.min(Math.max(1, page), pages);
  const [jump, setJump] = useState('');

  if (hidden) return null;

  const emit = (nextPage: number, nextLimit = limit) => {
    const clamped = Math.min(Math.max(1, nextPage), pageCount(total, nextLimit));
    if (clamped === current && nextLimit === limit) return;
    onChange({ page: clamped, limit: nextLimit });
    if (autoScroll) scrollWindowTo(0);
  };

  const commitJump = () => {
    if (jump.trim() === '') return;
    const target = parseJump(jump, pages);
    setJump('');
    emit(target);
  };

  const sizes = [...new Set([...pageSizes, limit])].sort((a, b) => a - b);
  const parts: Record<PaginationPart, ReactNode> = {
    total: (
      <span key="total" className="app-pagination__total" data-testid="pagination-total">
        {t('pagination.total', { total, count: total })}
      </span>
    ),
    sizes: (
      <Select
        key="sizes"
        className="app-pagination__sizes"
        value={limit}
        onChange={(v: number) => emit(Math.min(current, pageCount(total, v)), v)}
        options={sizes.map((s) => ({ value: s, label: t('pagination.perPage', { size: s }) }))}
        popupMatchSelectWidth={false}
        data-testid="pagination-sizes"
      />
    ),
    pager: (
      <div key="pager" className={`app-pagination__pager${background ? ' is-background' : ''}`}>
        <Button
          size="small"
          icon={<DoubleLeftOutlined />}
          disabled={current <= 1}
          onClick={() => emit(1)}
          aria-label={t('pagination.first')}
          data-testid="pagination-first"
        />
        <Button
          size="small"
          icon={<LeftOutlined />}
          disabled={current <= 1}
          onClick={() => emit(current - 1)}
          aria-label={t('pagination.prev')}
          data-testid="pagination-prev"
        />
        {pagerItems(current, pages).map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              size="small"
              type={item === current ? 'primary' : 'default'}
              onClick={() => emit(item)}
              aria-current={item === current ? 'page' : undefined}
              data-testid={`pagination-page-${item}`}
            >
              {item}
            </Button>
          ) : (
            <Button
              key={item}
              size="small"
              type="text"
              icon={<EllipsisOutlined />}
              onClick={() => emit(item === 'prevMore' ? current - 3 : current + 3)}
              aria-label={t(item === 'prevMore' ? 'pagination.prevMore' : 'pagination.nextMore')}
            />
          ),
        )}
        <Button
          size="small"
          icon={<RightOutlined />}
          disabled={current >= pages}
          onClick={() => emit(current + 1)}
          aria-label={t('pagination.next')}
          data-testid="pagination-next"
        />
        <Button
          size="small"
          icon={<DoubleRightOutlined />}
          disabled={current >= pages}
          onClick={() => emit(pages)}
          aria-label={t('pagination.last')}
          data-testid="pagination-last"
        />
      </div>
    ),
    jumper: (
      <span key="jumper" className="app-pagination__jumper">
        {t('pagination.goto')}
        <Input
          size="small"
          value={jump}
          onChange={(e) => setJump(e.target.value)}
          onPressEnter={commitJump}
          onBlur={commitJump}
          aria-label={t('pagination.gotoLabel')}
          data-testid="pagination-jump"
        />
        {t('pagination.pageUnit')}
      </span>
    ),
  };

  return (
    <nav
      className="app-pagination"
      aria-label={t('pagination.label')}
      data-testid="pagination"
      data-page={current}
      data-limit={limit}
    >
      {layout.map((part) => parts[part])}
    </nav>
  );
}

export interface PageBoxPagerProps {
  total: number;
  page: number;
  limit?: number;
  autoScroll?: boolean;
  onChange: (value: { page: number; limit: number }) => void;
}

/** The second pager variant: a page box with the number and 'of N pages', validated on blur (spec 2.2, 5). */
export function PageBoxPager({ total, page, limit = DEFAULT_LIMIT, autoScroll = true, onChange }: PageBoxPagerProps) {
  const { t } = useTranslation('common');
  const pages = pageCount(total, limit);
  const current = Math.min(Math.max(1, page), pages);
  const [box, setBox] = useState(String(current));
  useEffect(() => setBox(String(current)), [current]);

  const emit = (next: number) => {
    setBox(String(next));
    if (next === current) return;
    onChange({ page: next, limit });
    if (autoScroll) scrollWindowTo(0);
  };

  return (
    <nav className="app-pagebox" aria-label={t('pagination.label')} data-testid="pagebox" data-page={current}>
      <Button
        size="small"
        icon={<LeftOutlined />}
        disabled={current <= 1}
        onClick={() => emit(current - 1)}
        aria-label={t('pagination.prev')}
      />
      <Input
        size="small"
        className="app-pagebox__input"
        value={box}
        onChange={(e) => setBox(e.target.value)}
        onBlur={() => emit(parseJump(box, pages))}
        onPressEnter={(e) => e.currentTarget.blur()}
        aria-label={t('pagination.gotoLabel')}
        data-testid="pagebox-input"
      />
      <span className="app-pagebox__of" data-testid="pagebox-of">
        {t('pagination.ofPages', { pages, count: pages })}
      </span>
      <Button
        size="small"
        icon={<RightOutlined />}
        disabled={current >= pages}
        onClick={() => emit(current + 1)}
        aria-label={t('pagination.next')}
      />
    </nav>
  );
}
