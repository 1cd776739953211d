import { Button, Card, Empty, Input, List, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { EXPERIENCE, experiencePath, useExperienceSearch } from './experience-api';
import './repair.css';

/** /experience/index: search the experience base (ranked hits as cards) above the entries' list. */
export default function ExperiencePage() {
  const { t } = useTranslation('repair');
  const [q, setQ] = useState('');
  const hits = useExperienceSearch(q);
  return (
    <div className="repair-page">
      <Card size="small" className="experience-search">
        <Input.Search
          allowClear
          enterButton
          placeholder={t('experience.searchPlaceholder')}
          onSearch={(v) => setQ(v.trim())}
          data-testid="experience-search"
        />
        {q && (
          <List
            className="experience-hits"
            loading={hits.isFetching}
            dataSource={hits.data ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('experience.noHits')} /> }}
            grid={{ gutter: 12, xs: 1, md: 2, xl: 3 }}
            renderItem={(h) => (
              <List.Item>
                <Link to={experiencePath(h.id)} data-testid="experience-hit">
                  <Card size="small" hoverable title={h.title} extra={<Tag>{h.score.toFixed(2)}</Tag>}>
                    {h.phenomenon && <p className="experience-line">{h.phenomenon}</p>}
                    {h.remedy && (
                      <p className="experience-line">
                        <strong>{t('experience.remedy')}</strong> {h.remedy}
                      </p>
                    )}
                  </Card>
                </Link>
              </List.Item>
            )}
          />
        )}
      </Card>
      <ResourceListPage
        entity={EXPERIENCE}
        rowActions={(row) => (
          <Link to={experiencePath(row.id)}>
            <Button type="link" size="small" data-testid="experience-open">
              {t('experience.open')}
            </Button>
          </Link>
        )}
      />
    </div>
  );
}
