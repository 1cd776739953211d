import { AlertOutlined, HistoryOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Segmented, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasPermission, useSession } from '../../app/session';
import { useEntityMeta } from '../../resources/api';
import { ImportDialog } from '../../resources/ImportDialog';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { EntityMeta } from '../../resources/types';
import { useOpenRecord } from '../../resources/useOpenRecord';
import { ENTITY, workStarted } from './api';
import { OrderDrawer } from './OrderDrawer';
import { RepairBoard } from './RepairBoard';
import { ReportDialog } from './ReportDialog';
import { ALL, StateTabs } from './StateTabs';
import './repair.css';

const REPORT_PERMISSION = 'repair_admin:task:add';
const ASSIGN_PERMISSION = 'repair_admin:task:assign';
/** Recording finished and accepted work of the past is for who accepts work. */
const HISTORY_PERMISSION = 'repair_admin:task:audit';
const historyMeta = (title: string) =>
  ({
    title,
    paths: { importexcel: '/api-manage/maintaintask/importHistory' },
    templateUrl: '/api-manage/maintaintask/historyTemplate',
  }) as EntityMeta;

/**
 * /repair_admin/task/:type (0: repair): the repair orders, counted per state in tabs, with a report button and a
 * drawer per order (fields, timeline, the actions its state allows). ?id= opens an order (message links).
 */
/** The list filters a link may carry (a report's drill-down: the orders behind a figure). */
const LINK_FILTERS = [
  'equipmentId',
  'workshopId',
  'lineId',
  'faultReasonId',
  'assigneeId',
  'overdue',
  'reportedAtFrom',
  'reportedAtTo',
  'finishedAtFrom',
  'finishedAtTo',
];

export default function RepairTaskPage() {
  const { t } = useTranslation('repair');
  const queryClient = useQueryClient();
  const { data: meta } = useEntityMeta(ENTITY);
  const [params] = useSearchParams();
  const [state, setState] = useState(ALL);
  const [filters, setFilters] = useState<Record<string, string | number>>({});
  const [reporting, setReporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [view, setView] = useState<'list' | 'board'>('list');
  const userId = useSession().user?.id;
  // A technician (who cannot dispatch) starts on the orders assigned to them; a lead on all of them.
  const linked = Object.fromEntries(
    LINK_FILTERS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!] as [string, string]] : [])),
  );
  const [mine, setMine] = useState(() => !hasPermission(ASSIGN_PERMISSION) && Object.keys(linked).length === 0);
  const scope: Record<string, string | number> = { ...linked, ...(mine && userId ? { assigneeId: userId } : {}) };
  const { openId, open } = useOpenRecord();

  return (
    <div className="repair-page">
      <div className="repair-page-bar">
        <Segmented
          className="repair-view-switch"
          value={view}
          onChange={(v) => setView(v as 'list' | 'board')}
          options={[
            { value: 'list', label: t('board.list') },
            { value: 'board', label: <span data-testid="repair-view-board">{t('board.board')}</span> },
          ]}
        />
        {view === 'list' && (
          <span className="repair-mine">
            <Switch
              id="repair-mine"
              size="small"
              checked={mine}
              onChange={setMine}
              aria-label={t('list.mine')}
              data-testid="repair-mine"
            />{' '}
            <label htmlFor="repair-mine">{t('list.mine')}</label>
          </span>
        )}
      </div>
      {view === 'board' ? (
        <RepairBoard field={meta?.fields.find((f) => f.name === 'state')} />
      ) : (
        <>
          <StateTabs
            field={meta?.fields.find((f) => f.name === 'state')}
            filters={{ ...filters, ...scope }}
            value={state}
            onChange={setState}
          />
          <ResourceListPage
            entity={ENTITY}
            filters={state === ALL ? scope : { ...scope, state }}
            onSearch={setFilters}
            rowLocked={workStarted}
            noExpand
            toolbarExtra={() => (
              <Space wrap>
                {hasPermission(REPORT_PERMISSION) && (
                  <Button
                    type="primary"
                    icon={<AlertOutlined />}
                    onClick={() => setReporting(true)}
                    data-testid="repair-report"
                  >
                    {t('report.button')}
                  </Button>
                )}
                {hasPermission(HISTORY_PERMISSION) && (
                  <Button icon={<HistoryOutlined />} onClick={() => setImporting(true)} data-testid="repair-history">
                    {t('history.import')}
                  </Button>
                )}
              </Space>
            )}
            rowActions={(row) => (
              <Button type="link" size="small" onClick={() => open(row.id)} data-testid="row-open">
                {t('list.open')}
              </Button>
            )}
          />
        </>
      )}
      {reporting && meta && (
        <ReportDialog
          meta={meta}
          onClose={() => setReporting(false)}
          onReported={() => {
            setReporting(false);
            void queryClient.invalidateQueries({ queryKey: ['resource-page', ENTITY] });
          }}
        />
      )}
      {importing && (
        <ImportDialog
          meta={historyMeta(t('history.title'))}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            void queryClient.invalidateQueries({ queryKey: ['resource-page', ENTITY] });
          }}
        />
      )}
      {openId && meta?.workflow && <OrderDrawer meta={meta} id={openId} onClose={() => open(null)} />}
    </div>
  );
}
