/** Browser title by build flags (spec 1): operations flag first, then the MES build, else equipment management. */
export type AppTitleKey = 'app.title.ops' | 'app.title.mes' | 'app.title.eam';

export function appTitleKey(flavor: string | undefined, ops: string | undefined): AppTitleKey {
  if (ops === '1' || ops === 'true') return 'app.title.ops';
  if ((flavor ?? '').toLowerCase() === 'mes') return 'app.title.mes';
  return 'app.title.eam';
}

export const isOpsBuild = (ops: string | undefined = import.meta.env.VITE_APP_OPS): boolean =>
  ops === '1' || ops === 'true';

export const buildTitleKey = (): AppTitleKey =>
  appTitleKey(import.meta.env.VITE_APP_FLAVOR, import.meta.env.VITE_APP_OPS);
