/** One menu of the seeded tree. Its id is a UUID derived from `key`, so ids (and title keys) never change. */
export interface MenuSeed {
  /** Stable key, dotted by nesting: 'setUp', 'setUp.workshop'. Titles: locales/<lang>/menu.json under this key. */
  key: string;
  /** Route path of a page ('/setUp/workshop'); a group has none (it becomes /user{id}). An http URL opens in a frame. */
  url?: string;
  /** antd icon name (for example 'SettingOutlined'). */
  icon?: string;
  hidden?: boolean;
  /** Always show as a submenu even with one visible child. */
  isone?: boolean;
  formtype?: number;
  query?: string;
  /** Only for the platform (operator) company: super-administrator and operator pages. */
  platformOnly?: boolean;
  /**
   * A tenant menu the operator's console needs too (the navbar's messages and configuration pages): the platform
   * company's people see only platform-only menus and these, never a tenant's business menus.
   */
  operatorToo?: boolean;
  /** Buttons of a page; each becomes the permission code `<key with ':' for '.'>:<action>` unless `code` is given. */
  buttons?: ButtonSeed[];
  children?: MenuSeed[];
}

export interface ButtonSeed {
  /** Action name; its title is locales/<lang>/button.json under this name. */
  action: string;
  /** Explicit permission code (ext4), for the spec's fixed codes such as back:company:manage. */
  code?: string;
}
