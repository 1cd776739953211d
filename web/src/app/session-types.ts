/** GET /user/info?token= → data. */
export interface UserInfo {
  roles: string[];
  name?: string;
  avatar?: string;
  introduction?: string;
}

/** GET /api-user/users/current → data (spec 3.1). */
export interface CurrentUser {
  id: number | string;
  tenantid?: number | string;
  createuser?: string;
  organizationid?: number | string | null;
  permissions?: string[];
  blocOrg?: { id?: number | string; organizationName?: string } | null;
  company?: {
    id?: number | string;
    name?: string;
    instransfer?: unknown;
    orglogo?: string | null;
    expiryDate?: string | null;
    isPlatform?: boolean;
    /** The company leads a group: the group page (/group) is for it. */
    groupLead?: boolean;
  } | null;
  peoplename?: string;
  username?: string;
  accountOverdue?: number;
  updatePassword?: boolean;
  isMes?: boolean;
}
