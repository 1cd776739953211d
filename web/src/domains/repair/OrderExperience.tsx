import { BookOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, List, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import type { Row } from '../../resources/types';
import { experiencePath, keepAsExperience, suggestionsKey, useSuggestions } from './experience-api';

const KEEP_PERMISSION = 'experience:add';
const KEEPABLE = ['finished', 'checked'];

/** In the order drawer: past experience like this order, and keeping a done order in the experience base. */
export function OrderExperience({ row }: { row: Row }) {
  const { t } = useTranslation('repair');
  const queryClient = useQueryClient();
  const suggestions = useSuggestions(row.id);
  const [keeping, setKeeping] = useState(false);
  const keep = async () => {
    setKeeping(true);
    try {
      toast('success', await keepAsExperience(row.id));
      await queryClient.invalidateQueries({ queryKey: suggestionsKey(row.id) });
    } catch {
      // the client has shown the refusal
    } finally {
      setKeeping(false);
    }
  };
  const canKeep = KEEPABLE.includes(String(row.state)) && hasPermission(KEEP_PERMISSION);
  return (
    <Card
      type="inner"
      size="small"
      title={t('experience.similar')}
      style={{ marginTop: 16 }}
      data-testid="repair-suggestions"
      extra={
        canKeep && (
          <Button size="small" icon={<BookOutlined />} loading={keeping} onClick={keep} data-testid="repair-keep">
            {t('experience.keep')}
          </Button>
        )
      }
    >
      <Spin spinning={suggestions.isFetching && !suggestions.data}>
        <List
          size="small"
          dataSource={suggestions.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('experience.noHits')} /> }}
          renderItem={(h) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Link to={experiencePath(h.id)} data-testid="repair-suggestion">
                    {h.title}
                  </Link>
                }
                description={<span className="experience-line">{h.remedy}</span>}
              />
            </List.Item>
          )}
        />
      </Spin>
    </Card>
  );
}
