import i18next from 'i18next';

/** The one i18next instance. Namespaces are the file names of locales/<lang>/*.json; menu titles are 'menu'. */
export const i18n = i18next.createInstance();
