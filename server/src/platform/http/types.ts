import type { Config } from '../../config.js';
import type { RouteInfo } from '../auth/plugin.js';
import type { Principal } from '../auth/principal.js';
import type { TokenService } from '../auth/tokens.js';
import type { BlobStore } from '../files/blob-store.js';
import type { Lang } from '../i18n/index.js';
import type { Realtime } from '../realtime/realtime.js';
import type { PlatformTx } from '../resources/platform-tx.js';
import type { TenantTx, TenantTxOptions } from '../tenancy/tenant-tx.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token (login, health, static files). */
    public?: boolean;
    /** Permission code(s) (menu button ext4) the caller needs; any one of an array is enough. */
    permission?: string | readonly string[];
    /** Needs only a logged-in user: the caller acts on their own session or profile. */
    selfService?: boolean;
    /**
     * The permission code depends on what the route serves (a custom form's records): the handler checks
     * it once it knows, so the route declares none.
     */
    checksPermission?: boolean;
    /** Only for users of the platform (operator) company. */
    platform?: boolean;
    /**
     * The access token may come in the query (access_token or token) as well as in the Authorization header:
     * only where a client cannot send headers (a WebSocket, a plain download link). Elsewhere a token in the
     * query alone is refused.
     */
    queryToken?: boolean;
    /**
     * Only a person may call it (login, passwords, API keys): an API key is refused here (auth/api-key.ts), as on
     * every selfService route.
     */
    personOnly?: boolean;
    /** A POST that changes nothing (a preview with a long body): left out of the operator's audit log. */
    readOnly?: boolean;
  }
  interface FastifyInstance {
    config: Config;
    tokens: TokenService;
    realtime: Realtime;
    /** Uploads and exports, in the store every instance shares (platform/files/open-store.ts). */
    fileStore: BlobStore;
    /** Parts of /health that domains report (name -> what it says now). */
    healthParts: Record<string, () => unknown>;
    /** Every registered route with its access configuration (for the generic route tests). */
    routeCatalogue: RouteInfo[];
  }
  interface FastifyRequest {
    lang: Lang;
    principal: Principal | null;
    /** The principal is the session's last confirmed one and is checked again before anything is answered. */
    sessionPending: boolean;
    /** The caller's principal; throws 401 when there is none. */
    me(): Principal;
    /** Runs fn in a transaction scoped to the caller's tenant, as the request role. */
    tenant<T>(fn: (tx: TenantTx) => Promise<T>, options?: TenantTxOptions): Promise<T>;
    /**
     * Runs fn in one platform transaction as the operator (routes with config.platform only; resources/platform-handle.ts):
     * declared platform entities through the engine, the platform's cross-tenant work on the handle.
     */
    platform<T>(fn: (tx: PlatformTx) => Promise<T>): Promise<T>;
  }
}
