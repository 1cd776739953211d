import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../app/session';
import { http } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import type { ListContext } from '../../resources/ResourceListPage';
import { MetaDialog } from './MetaDialog';

type Dialog = 'allot' | 'scrap' | 'mount' | 'shots' | 'unmount' | null;

const send = async (ctx: ListContext, url: string, body: Record<string, unknown>, done: string) => {
  await http.post(url, body);
  toast('success', done);
  await ctx.refresh();
};

/** The print page for the selected machines, in a new window (labels are printed from there). */
export const printUrl = (ids: number[]) => `/printQRcode?ids=${ids.join(',')}`;

/** Ledger buttons beyond CRUD: allot, scrap and print labels (equipment); mount, shots, unmount, scrap (moulds). */
export function LedgerTools({ ctx, kind }: { ctx: ListContext; kind: 1 | 2 }) {
  const { t } = useTranslation('equipment');
  const [open, setOpen] = useState<Dialog>(null);
  const navigate = useNavigate();
  const one = ctx.selected.length === 1 ? ctx.selected[0]! : null;
  const button = (code: string, dialog: Exclude<Dialog, null>, enabled: boolean) =>
    hasPermission(code) && (
      <Button key={dialog} disabled={!enabled} onClick={() => setOpen(dialog)} data-testid={`ledger-${dialog}`}>
        {t(`ledger.${dialog}`)}
      </Button>
    );
  const close = () => setOpen(null);
  const ok = (url: string, body: Record<string, unknown>) => send(ctx, url, body, t(`ledger.done.${open}`));
  /** The workshop the selected machines leave, when they all stand in one. */
  const sameWorkshop = () => {
    const shops = new Set(ctx.selectedRows.map((r) => r.workshopId ?? null));
    return shops.size === 1 && ctx.selectedRows.length === ctx.selected.length ? [...shops][0] : null;
  };
  const mounted = one !== null && !!ctx.selectedRows[0]?.equipmentId;

  return (
    <>
      {kind === 1 && button('equipment:ledger:allot', 'allot', ctx.selected.length > 0)}
      {kind === 1 && hasPermission('equipment:ledger:print') && (
        <Button
          disabled={ctx.selected.length === 0}
          onClick={() => window.open(printUrl(ctx.selected), '_blank')}
          data-testid="ledger-print"
        >
          {t('ledger.print')}
        </Button>
      )}
      {kind === 1 && hasPermission('equipment:ledger:count') && (
        <Button onClick={() => navigate('/equipment/inventory')} data-testid="ledger-count">
          {t('count.title')}
        </Button>
      )}
      {kind === 2 && button('eqmold:eqmoldlist:mount', 'mount', one !== null && !mounted)}
      {kind === 2 && button('eqmold:eqmoldlist:mount', 'shots', mounted)}
      {kind === 2 && button('eqmold:eqmoldlist:unmount', 'unmount', mounted)}
      {button(kind === 1 ? 'equipment:ledger:scrap' : 'eqmold:eqmoldlist:scrap', 'scrap', one !== null)}

      {open === 'allot' && (
        <MetaDialog
          entity="equipmentallot"
          fields={['toWorkshopId', 'toLineId', 'reason', 'allotDate', 'remark']}
          title={t('ledger.allotTitle', { count: ctx.selected.length })}
          testId="allot-dialog"
          onClose={close}
          onSubmit={(body) =>
            ok('/api-manage/equipmentallot/create', {
              fromWorkshopId: sameWorkshop(),
              ...body,
              equipmentIds: ctx.selected,
            })
          }
        />
      )}
      {open === 'scrap' && one !== null && (
        <MetaDialog
          entity="eqscrap"
          fields={['reason', 'scrapDate', 'residualValue', 'remark']}
          title={t('ledger.scrap')}
          testId="scrap-dialog"
          onClose={close}
          onSubmit={(body) =>
            ok('/api-core/eqmoldExecute/scrap/save', {
              ...body,
              targetType: kind === 1 ? 'equipment' : 'mould',
              [kind === 1 ? 'equipmentId' : 'mouldId']: one,
            })
          }
        />
      )}
      {open === 'mount' && one !== null && (
        <MetaDialog
          entity="moldrecord"
          fields={['equipmentId', 'remark']}
          required={['equipmentId']}
          title={t('ledger.mount')}
          testId="mount-dialog"
          onClose={close}
          onSubmit={(body) => ok('/api-manage/moldRecords/mount', { ...body, mouldId: one })}
        />
      )}
      {(open === 'shots' || open === 'unmount') && one !== null && (
        <MetaDialog
          entity="moldrecord"
          fields={['shots', 'remark']}
          title={t(`ledger.${open}`)}
          testId={`${open}-dialog`}
          onClose={close}
          onSubmit={(body) => ok(`/api-manage/moldRecords/${open}`, { ...body, mouldId: one })}
        />
      )}
    </>
  );
}
