import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';
import { DEVICE_LIST } from './paths';

/** Data acquisition (数据采集): gateways, connected devices and their page, device instructions, history mining. */
export const pages: PageDef[] = [
  { path: '/das/gateway', component: lazy(() => import('./GatewayPage')) },
  { path: DEVICE_LIST, component: lazy(() => import('./DevicePage')) },
  { path: '/das/instruction', component: lazy(() => import('./InstructionPage')) },
  { path: '/das/alarmrule', component: lazy(() => import('./AlarmRulePage')) },
  { path: '/das/alarm', component: lazy(() => import('./AlarmPage')) },
  { path: '/plateDataMining', component: lazy(() => import('./MiningPage')) },
  {
    path: '/das/device/detail/:id',
    component: lazy(() => import('./DeviceDetail')),
    titleKey: 'das:device.detail',
    noCache: true,
    openedFrom: [DEVICE_LIST],
  },
];
