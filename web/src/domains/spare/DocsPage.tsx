import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { Row } from '../../resources/types';
import { WorkflowActions } from '../../resources/WorkflowActions';
import { DOC, type DocType, WRITE_CODES } from './api';
import { DocForm } from './DocForm';

export interface DocsPageProps {
  /** The one document type of the page (receipts, issues, transfers); none: every type. */
  type?: DocType;
  /** Filters of the page (the documents waiting for approval). */
  filters?: Record<string, string>;
  /** A list only: no new documents, no actions (the approval records). */
  readOnly?: boolean;
}

/** Stock documents of a type: new and edit (drafts), lines when a row opens, the workflow buttons per state. */
export function DocsPage({ type, filters, readOnly }: DocsPageProps) {
  const { t } = useTranslation('spare');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ type: DocType; id: number | null } | null>(null);
  const canWrite = (ty: DocType) => WRITE_CODES[ty].some((c) => hasPermission(c));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource-page', DOC] });
  return (
    <>
      <ResourceListPage
        entity={DOC}
        fixed={type ? { type } : undefined}
        filters={filters}
        rowLocked={(row) => readOnly || row.state !== 'draft'}
        toolbarExtra={() =>
          !readOnly &&
          type &&
          canWrite(type) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ type, id: null })}
              data-testid="spare-new-doc"
            >
              {t(`new.${type}`)}
            </Button>
          )
        }
        rowActions={(row: Row) =>
          readOnly ? null : (
            <>
              {row.state === 'draft' && canWrite(row.type as DocType) && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing({ type: row.type as DocType, id: row.id })}
                  data-testid="doc-edit"
                >
                  {t('edit')}
                </Button>
              )}
              <WorkflowActions entity={DOC} row={row} testId="doc" confirm="always" />
            </>
          )
        }
      />
      {editing && (
        <DocForm type={editing.type} id={editing.id} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      )}
    </>
  );
}
