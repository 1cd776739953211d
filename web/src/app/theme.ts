import type { ThemeConfig } from 'antd';

/** Colours of the dark-blue side menu (spec 9): dark blue background, lighter blue hover, light text. */
export const SIDEBAR_COLORS = {
  bg: '#0b1d3a',
  subBg: '#081630',
  hoverBg: '#1a3a6e',
  text: '#c4d2e7',
  activeText: '#ffffff',
  selectedBg: '#2563eb',
  logoBg: '#0a1a34',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#2563eb',
    colorInfo: '#2563eb',
    colorLink: '#2563eb',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
    colorBgLayout: '#f3f5f9',
  },
  components: {
    Menu: {
      darkItemBg: SIDEBAR_COLORS.bg,
      darkSubMenuItemBg: SIDEBAR_COLORS.subBg,
      darkPopupBg: SIDEBAR_COLORS.bg,
      darkItemColor: SIDEBAR_COLORS.text,
      darkItemHoverBg: SIDEBAR_COLORS.hoverBg,
      darkItemHoverColor: SIDEBAR_COLORS.activeText,
      darkItemSelectedBg: SIDEBAR_COLORS.selectedBg,
      darkItemSelectedColor: SIDEBAR_COLORS.activeText,
      itemHeight: 46,
      itemMarginInline: 8,
      itemBorderRadius: 6,
      collapsedWidth: 64,
    },
  },
};
