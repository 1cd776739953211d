import {
  ApartmentOutlined,
  CaretDownOutlined,
  DownloadOutlined,
  KeyOutlined,
  LogoutOutlined,
  MailOutlined,
  MessageOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryClient } from '../app/Providers';
import { hasPermission, logout, useSession } from '../app/session';
import { openPassword, setDownloadsOpen } from './layout-store';

export const COMPANY_MANAGE = 'back:company:manage';

const FeedbackDialog = lazy(() => import('../domains/operator/FeedbackDialog'));

/**
 * User menu: change password, my downloads, feedback, the group page (a group company's managers), configuration
 * (with back:company:manage), log out (spec 2.3).
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const session = useSession();
  const name = session.user?.peoplename || session.info?.name || session.user?.username || '';
  const avatar = session.info?.avatar;
  const [feedback, setFeedback] = useState(false);

  const items: MenuProps['items'] = [
    {
      key: 'password',
      icon: <KeyOutlined />,
      label: <span data-testid="menu-change-password">{t('user.changePassword')}</span>,
    },
    {
      key: 'downloads',
      icon: <DownloadOutlined />,
      label: <span data-testid="menu-downloads">{t('user.downloads')}</span>,
    },
    {
      key: 'emailNotices',
      icon: <MailOutlined />,
      label: <span data-testid="menu-email-notices">{t('integrations:email.title')}</span>,
    },
    {
      key: 'feedback',
      icon: <MessageOutlined />,
      label: <span data-testid="menu-feedback">{t('user.feedback')}</span>,
    },
    // The group page, for a group company's managers (the server refuses everyone else anyway).
    ...(session.user?.company?.groupLead && hasPermission(COMPANY_MANAGE, session)
      ? [
          {
            key: 'group',
            icon: <ApartmentOutlined />,
            label: <span data-testid="menu-group">{t('group:link')}</span>,
          },
        ]
      : []),
    ...(hasPermission(COMPANY_MANAGE, session)
      ? [
          {
            key: 'config',
            icon: <SettingOutlined />,
            label: <span data-testid="menu-config">{t('user.configuration')}</span>,
          },
        ]
      : []),
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      danger: true,
      label: <span data-testid="menu-logout">{t('user.logout')}</span>,
    },
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'password') openPassword('normal');
    else if (key === 'downloads') setDownloadsOpen(true);
    else if (key === 'feedback') setFeedback(true);
    else if (key === 'emailNotices') navigate('/emailNotices');
    else if (key === 'group') navigate('/group');
    else if (key === 'config') navigate('/info/index');
    else if (key === 'logout') {
      await logout();
      queryClient.clear();
      navigate('/login', { replace: true });
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button type="button" className="navbar-user" data-testid="user-menu">
          <Avatar
            size={30}
            src={avatar || undefined}
            icon={avatar ? undefined : <UserOutlined />}
            className="navbar-user__avatar"
          />
          {compact ? null : <span className="navbar-user__name">{name}</span>}
          <CaretDownOutlined className="navbar-user__caret" />
        </button>
      </Dropdown>
      {feedback && (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setFeedback(false)} />
        </Suspense>
      )}
    </>
  );
}
