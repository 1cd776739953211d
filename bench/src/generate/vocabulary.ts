/**
 * The words a generated factory is made of: an automotive-parts plant's workshops, lines, equipment
 * categories (with real-world models and makers), moulds and people. Data, not code.
 */

/** code, name, parent code (null: top level), kind (1 equipment, 2 mould) */
export type CategoryRow = [code: string, name: string, parent: string | null, kind: 1 | 2];

export const CATEGORIES: CategoryRow[] = [
  ['FORM', '成型设备', null, 1],
  ['PRS', '压力机', 'FORM', 1],
  ['BLK', '开卷落料线', 'FORM', 1],
  ['IMM', '注塑机', 'FORM', 1],
  ['WELD', '焊接设备', null, 1],
  ['WRB', '焊接机器人', 'WELD', 1],
  ['SPW', '悬挂点焊机', 'WELD', 1],
  ['GLU', '涂胶机', 'WELD', 1],
  ['PAINT', '涂装设备', null, 1],
  ['PRB', '喷涂机器人', 'PAINT', 1],
  ['OVN', '烘干炉', 'PAINT', 1],
  ['PTT', '前处理槽', 'PAINT', 1],
  ['ASSY', '装配设备', null, 1],
  ['NUT', '拧紧机', 'ASSY', 1],
  ['FIL', '加注机', 'ASSY', 1],
  ['MACH', '机加工设备', null, 1],
  ['CNC', '数控车床', 'MACH', 1],
  ['VMC', '立式加工中心', 'MACH', 1],
  ['GRD', '外圆磨床', 'MACH', 1],
  ['LOG', '物流设备', null, 1],
  ['CNV', '输送线', 'LOG', 1],
  ['CRN', '桥式起重机', 'LOG', 1],
  ['AGV', 'AGV小车', 'LOG', 1],
  ['MNP', '取件机械手', 'LOG', 1],
  ['UTIL', '动力设备', null, 1],
  ['AC', '螺杆空压机', 'UTIL', 1],
  ['CT', '冷却塔', 'UTIL', 1],
  ['TRF', '干式变压器', 'UTIL', 1],
  ['MTC', '模温机', 'UTIL', 1],
  ['TEST', '检测设备', null, 1],
  ['CMM', '三坐标测量机', 'TEST', 1],
  ['EOL', '下线检测台', 'TEST', 1],
  ['MOLD-I', '注塑模具', null, 2],
  ['MOLD-IA', '汽车件注塑模', 'MOLD-I', 2],
  ['MOLD-S', '冲压模具', null, 2],
  ['MOLD-SP', '级进模', 'MOLD-S', 2],
  ['MOLD-SB', '落料模', 'MOLD-S', 2],
];

/** category code -> models, manufacturers, value range in yuan */
export const MACHINE_KINDS: Record<string, { models: string[]; makers: string[]; value: [number, number] }> = {
  PRS: {
    models: ['JH21-160', 'JH21-250', 'J23-80', 'JS36-800'],
    makers: ['扬力集团', '济南二机床', '会田(中国)'],
    value: [260_000, 8_500_000],
  },
  BLK: { models: ['KJ-1600', 'LL-2000'], makers: ['济南二机床', '宁波精达'], value: [1_500_000, 6_000_000] },
  IMM: {
    models: ['MA1600', 'MA2500', 'ZE2000', 'JU6500'],
    makers: ['海天国际', '伊之密', '震雄'],
    value: [350_000, 2_800_000],
  },
  WRB: {
    models: ['R-2000iC', 'KR 210', 'IRB 6700', 'MH225'],
    makers: ['发那科', '库卡', 'ABB', '安川电机'],
    value: [280_000, 650_000],
  },
  SPW: { models: ['DN3-160', 'DTB-200'], makers: ['小原', '欧地希', '上海通用焊机'], value: [60_000, 180_000] },
  GLU: { models: ['SCA-SYS', 'GL-300'], makers: ['阿特拉斯·科普柯', '固瑞克'], value: [120_000, 400_000] },
  PRB: {
    models: ['EcoRP E043', 'IRB 5500', 'P-250iB'],
    makers: ['杜尔', 'ABB', '发那科'],
    value: [600_000, 1_500_000],
  },
  OVN: { models: ['HG-30', 'RTO-2000'], makers: ['杜尔', '天奇股份'], value: [2_000_000, 9_000_000] },
  PTT: { models: ['PT-12', 'ED-40'], makers: ['杜尔', '艾森曼'], value: [800_000, 3_000_000] },
  NUT: {
    models: ['QST 42', 'ETV ST61', 'NR-16'],
    makers: ['阿特拉斯·科普柯', '博世力士乐', '马头'],
    value: [80_000, 260_000],
  },
  FIL: { models: ['EF-300', 'DFS-2'], makers: ['杜尔', '埃尔'], value: [300_000, 1_200_000] },
  CNC: {
    models: ['CK6150', 'CK6140', 'CAK5085'],
    makers: ['沈阳机床', '大连机床', '宝鸡机床'],
    value: [180_000, 420_000],
  },
  VMC: {
    models: ['VMC850', 'VMC1160', 'DMU 50'],
    makers: ['海天精工', '北京精雕', '德马吉森精机'],
    value: [450_000, 1_600_000],
  },
  GRD: { models: ['M1432B', 'MK1320'], makers: ['上海机床厂', '无锡机床'], value: [220_000, 380_000] },
  CNV: {
    models: ['PBS-200', 'EMS-500', 'SKID-60'],
    makers: ['天奇股份', '机科发展', '德马科技'],
    value: [150_000, 1_800_000],
  },
  CRN: { models: ['QD 10t', 'LD 5t', 'QD 20t'], makers: ['河南卫华', '纽科伦'], value: [90_000, 600_000] },
  AGV: { models: ['Q5-600', 'M2-1000'], makers: ['新松机器人', '海康机器人', '极智嘉'], value: [80_000, 220_000] },
  MNP: { models: ['YS-1200', 'SW-800'], makers: ['拓斯达', '伊之密', '有信精工'], value: [40_000, 160_000] },
  AC: { models: ['GA75', 'GA37', 'R55'], makers: ['阿特拉斯·科普柯', '英格索兰', '复盛'], value: [120_000, 460_000] },
  CT: { models: ['LBCM-100', 'LBCM-150'], makers: ['良机实业', '马利'], value: [60_000, 180_000] },
  TRF: { models: ['SCB13-1250', 'SCB13-2000'], makers: ['正泰电气', '特变电工'], value: [150_000, 480_000] },
  MTC: { models: ['STM-910', 'AOS-20'], makers: ['信易', '拓斯达'], value: [15_000, 60_000] },
  CMM: { models: ['Global S 07.10.07', 'CONTURA'], makers: ['海克斯康', '蔡司'], value: [600_000, 2_200_000] },
  EOL: { models: ['EOL-4WA', 'ABS-R'], makers: ['杜尔', '申克'], value: [500_000, 3_000_000] },
};

/** A workshop: code, name, line name stems, the categories of its machines (weighted by repetition). */
export interface WorkshopKind {
  code: string;
  name: string;
  lines: string[];
  machines: string[];
  /** Share of the plant's machines. */
  weight: number;
}

export const WORKSHOPS: WorkshopKind[] = [
  {
    code: 'STP',
    name: '冲压车间',
    lines: ['冲压A线', '冲压B线', '冲压C线', '开卷落料线', '小件冲压线'],
    machines: ['PRS', 'PRS', 'PRS', 'BLK', 'MNP', 'CRN', 'CNV'],
    weight: 10,
  },
  {
    code: 'WLD',
    name: '焊装车间',
    lines: ['侧围线', '主焊线', '门盖线', '地板线', '调整线', '补焊线'],
    machines: ['WRB', 'WRB', 'WRB', 'WRB', 'SPW', 'SPW', 'GLU', 'CNV'],
    weight: 30,
  },
  {
    code: 'PNT',
    name: '涂装车间',
    lines: ['前处理电泳线', '中涂线', '面漆线', '精修线'],
    machines: ['PRB', 'PRB', 'OVN', 'PTT', 'CNV'],
    weight: 12,
  },
  {
    code: 'ASM',
    name: '总装车间',
    lines: ['内饰一线', '内饰二线', '底盘线', '最终线', '检测线'],
    machines: ['NUT', 'NUT', 'NUT', 'FIL', 'CNV', 'AGV', 'EOL'],
    weight: 22,
  },
  {
    code: 'MCH',
    name: '机加工车间',
    lines: ['缸体线', '缸盖线', '曲轴线', '凸轮轴线'],
    machines: ['CNC', 'CNC', 'VMC', 'VMC', 'GRD', 'AGV'],
    weight: 14,
  },
  {
    code: 'INJ',
    name: '注塑车间',
    lines: ['保险杠线', '仪表板线', '门板线'],
    machines: ['IMM', 'IMM', 'MNP', 'MTC'],
    weight: 8,
  },
  { code: 'PWR', name: '动力车间', lines: ['空压站', '循环水站', '配电房'], machines: ['AC', 'CT', 'TRF'], weight: 2 },
  { code: 'QC', name: '质检中心', lines: ['计量室', '整车检测区'], machines: ['CMM', 'EOL'], weight: 2 },
];

/** Moulds: category, code prefix, part names. */
export const MOULD_KINDS: [string, string, string[]][] = [
  ['MOLD-IA', 'MD-IA', ['前保险杠', '后保险杠', '仪表板骨架', '门内饰板', '格栅', '灯罩', '副仪表板', '立柱护板']],
  ['MOLD-SP', 'MD-SP', ['座椅支架', '加强板', '电机端盖', '连接片', '铰链加强板', '横梁支架']],
  ['MOLD-SB', 'MD-SB', ['侧围外板', '顶盖', '发动机罩外板', '翼子板', '门外板', '后地板']],
];

export const MOULD_MAKERS = ['宁波模具厂', '昆山精密模具', '东莞华模科技', '天汽模', '一汽模具'];

export const STATUSES = [
  'running',
  'running',
  'running',
  'running',
  'running',
  'running',
  'standby',
  'standby',
  'repairing',
  'stopped',
];

export const SUPPLIERS = ['华东', '华南', '华北', '西南', '华中'].map((r) => `${r}设备贸易有限公司`);

export const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史黎贺顾毛郝龚邵万钱覃武戴孔汤庞樊兰殷施陶洪翟安颜倪严牛温芦季俞章鲁葛伍申尤毕聂柴焦向柳邢',
];

export const GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红建文辉力斌宇浩凯健俊帆鹏飞鑫波宁坤志峰海亮云晨阳雪梅琳颖婷雯欣怡佳悦子涵博轩然瑞晓东兵龙鸿',
];

/** Organisation units of a plant besides its production workshops (departments and their teams). */
export const DEPARTMENTS: [string, string, string[]][] = [
  ['EQ', '设备部', ['机械维修班', '电气维修班', '动力维修班', '设备管理科']],
  ['QA', '质量部', ['进货检验科', '过程质量科']],
  ['WH', '仓储物流部', ['备件库', '物流班']],
  ['HR', '综合管理部', ['人事科', '安全环保科']],
];

/** Shift teams of each workshop (the workshop's production people belong to them). */
export const SHIFT_TEAMS = ['甲班', '乙班', '丙班'];
