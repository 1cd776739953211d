import dayjs from 'dayjs';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isLang, type Lang, readLang, writeLang } from '../preferences';
import { i18n } from './i18n';
import { menuTitle } from './menu-title';

export { i18n };

type Bundle = Record<string, Record<string, unknown>>;
type AntdLocale = import('antd/es/locale').Locale;

const bundles: Record<Lang, () => Promise<{ bundle: Bundle }>> = {
  zh: () => import('../../locales/zh/index'),
  en: () => import('../../locales/en/index'),
  tw: () => import('../../locales/tw/index'),
};

const antdLocales: Record<Lang, () => Promise<{ default: AntdLocale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  tw: () => import('antd/es/locale/zh_TW'),
};

const dayjsLocales: Record<Lang, { name: string; load: () => Promise<unknown> }> = {
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  en: { name: 'en', load: () => Promise.resolve() },
  tw: { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
};

/** html lang attribute of each language. */
export const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', en: 'en', tw: 'zh-TW' };

interface LangState {
  lang: Lang;
  antdLocale: AntdLocale | undefined;
}

let state: LangState = { lang: DEFAULT_LANG, antdLocale: undefined };
const listeners = new Set<() => void>();
const loaded = new Set<Lang>();

export const langStore = {
  get: (): LangState => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Optional loader of the server's menu titles for a language (set once a session exists). */
let menuLocaleLoader: ((lang: Lang) => Promise<Record<string, string>>) | null = null;
export function setMenuLocaleLoader(loader: ((lang: Lang) => Promise<Record<string, string>>) | null): void {
  menuLocaleLoader = loader;
}

/** Loads the server's menu titles of a language as the 'menu' namespace (not needed in zh). */
export async function loadMenuLocale(lang: Lang): Promise<void> {
  if (lang === 'zh' || !menuLocaleLoader) return;
  try {
    const titles = await menuLocaleLoader(lang);
    i18n.addResourceBundle(lang, 'menu', titles, true, true);
  } catch {
    // Titles fall back to the menu names; the HTTP client has already reported the failure.
  }
}

async function loadLanguage(lang: Lang): Promise<AntdLocale> {
  const [{ bundle }, antd] = await Promise.all([bundles[lang](), antdLocales[lang](), dayjsLocales[lang].load()]);
  if (!loaded.has(lang)) {
    for (const [ns, data] of Object.entries(bundle)) i18n.addResourceBundle(lang, ns, data, true, true);
    loaded.add(lang);
  }
  return antd.default;
}

function apply(lang: Lang, antdLocale: AntdLocale): void {
  dayjs.locale(dayjsLocales[lang].name);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
  state = { lang, antdLocale };
  for (const l of listeners) l();
}

/** Initialises i18next with the saved language (cookie), before the first render. */
export async function initI18n(): Promise<void> {
  const lang = readLang();
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    defaultNS: 'common',
    ns: ['common'],
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A key missing in a language is logged (the browser tests fail on it); menu titles fall back on purpose.
    saveMissing: true,
    missingKeyHandler: (lngs, ns, key) => {
      if (ns !== 'menu') console.warn(`[i18n] missing ${lngs.join(',')} ${ns}:${key}`);
    },
  });
  const antdLocale = await loadLanguage(lang);
  if (lang !== DEFAULT_LANG) await loadLanguage(DEFAULT_LANG);
  await i18n.changeLanguage(lang);
  apply(lang, antdLocale);
}

/** Switches every string, antd's and dayjs's locales and the menu titles to a language. */
export async function setLanguage(lang: Lang): Promise<void> {
  const antdLocale = await loadLanguage(lang);
  await loadMenuLocale(lang);
  writeLang(lang);
  apply(lang, antdLocale);
  await i18n.changeLanguage(lang);
}

/** Title of a menu route in the current language. */
export function translateMenuTitle(menu: { title: string; id?: string }): string {
  const lang = isLang(i18n.language) ? i18n.language : state.lang;
  return menuTitle(menu, lang, (key) => {
    const v = i18n.t(key, { ns: 'menu', lng: lang, defaultValue: '' });
    return v || undefined;
  });
}

export const currentLang = (): Lang => state.lang;
export { readLang };
