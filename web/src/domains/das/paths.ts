export const DEVICE_LIST = '/das/device';
export const devicePath = (id: unknown) => `/das/device/detail/${id}`;
