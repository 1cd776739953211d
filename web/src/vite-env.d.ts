/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'eam' (default): equipment-management title; 'mes': MES title. */
  readonly VITE_APP_FLAVOR?: string;
  /** '1': operations-management title and login background. */
  readonly VITE_APP_OPS?: string;
  /** Base address of the API; empty means the page's own origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
