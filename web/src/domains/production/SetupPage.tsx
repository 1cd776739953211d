import { Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where production is set up, in the order a factory does it; scrap reasons are a dictionary of the company. */
const STEPS = [
  ['material', '/production/material'],
  ['bom', '/production/bom'],
  ['procedure', '/production/procedure'],
  ['station', '/production/station'],
  ['routing', '/production/routing'],
  ['shifts', '/setUp/schedulingEquipment'],
  ['scrapReasons', '/setUp/dictionary'],
] as const;

/** /setUp/production: the production set-up, step by step, each a link to its page. */
export default function SetupPage() {
  const { t } = useTranslation('production');
  return (
    <Card title={t('setup.title')} data-testid="production-setup">
      <List
        dataSource={[...STEPS]}
        renderItem={([key, path], i) => (
          <List.Item>
            <List.Item.Meta
              title={<Link to={path}>{`${i + 1}. ${t(`setup.${key}`)}`}</Link>}
              description={t(`setup.${key}Help`)}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
