import { Modal, message, notification } from 'antd';
import type { Feedback } from './feedback';

/** antd's static feedback API, for messages shown while no themed App is mounted (the login page). */
export const staticFeedback = { message, modal: Modal, notification } as unknown as Feedback;
