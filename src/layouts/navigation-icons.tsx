// Icon names used by navigation entries and resource declarations, resolved to antd icons.
// Names keep the declarations free of React; an unknown name falls back to a neutral icon.
import {
  AppstoreOutlined,
  BankOutlined,
  BarcodeOutlined,
  BuildOutlined,
  CarOutlined,
  ClusterOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FormatPainterOutlined,
  HomeOutlined,
  InboxOutlined,
  MailOutlined,
  PrinterOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { ComponentType } from "react";

const ICONS: Record<string, ComponentType> = {
  home: HomeOutlined,
  orders: ShoppingCartOutlined,
  mail: MailOutlined,
  shipping: CarOutlined,
  print: PrinterOutlined,
  production: DashboardOutlined,
  prepress: FormatPainterOutlined,
  run: BuildOutlined,
  product: TagsOutlined,
  template: FileTextOutlined,
  customer: TeamOutlined,
  user: UserOutlined,
  role: SafetyOutlined,
  inventory: InboxOutlined,
  shop: ShopOutlined,
  vendor: ShopOutlined,
  finance: DollarOutlined,
  bank: BankOutlined,
  site: EnvironmentOutlined,
  list: UnorderedListOutlined,
  database: DatabaseOutlined,
  equipment: ToolOutlined,
  cluster: ClusterOutlined,
  barcode: BarcodeOutlined,
  container: ContainerOutlined,
  settings: SettingOutlined,
};

export function NavigationIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
