import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/operator.json';
import zh from '../../locales/zh/operator.json';
import type { MovePlan } from './api';
import { MoveSummary } from './MoveCompaniesDialog';

const plan: MovePlan = {
  versionId: 2,
  added: 2,
  removed: 5,
  companies: [
    { companyId: 3, name: 'Acme Works', fromVersionId: 1, added: 1, removed: 2 },
    { companyId: 4, name: 'Beta Plant', fromVersionId: 1, added: 1, removed: 3 },
  ],
};

async function render(lng: 'en' | 'zh') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng, resources: { en: { operator: en }, zh: { operator: zh } } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MoveSummary plan={plan} />
    </I18nextProvider>,
  );
}

describe('the summary before moving companies to a version', () => {
  it('says how many companies move and how many menus they gain and lose, in total and per company', async () => {
    const html = await render('en');
    expect(html).toContain('2 companies move: 2 menus added, 5 removed in all');
    expect(html).toContain('Acme Works');
    expect(html).toContain('Beta Plant');
    expect(html).toContain('Menus removed');
    expect(await render('zh')).toContain('2 家公司将迁移：共新增 2 个菜单，移除 5 个菜单');
  });
});
