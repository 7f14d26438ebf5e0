// The build-time styles of the components every page of the full app shows first (the layout, its menu, a list's
// table, filters and pagination, the home page's cards), as one stylesheet index.html links (issue #20). antd's
// CSS-in-JS would otherwise compute and insert some 400 KB of CSS text in the browser before the first list paints.
// The sheet ends with antd's own record of the styles it holds (extractStyle's cache path map): when the browser
// side meets one of them, it takes it as present and computes nothing. Components not listed here, or a theme that
// differs, still get their styles at run time, as before: the sheet only saves work, it never replaces styles.
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import {
  Alert,
  App as AntdApp,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  Descriptions,
  Divider,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Layout,
  Menu,
  Pagination,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import { renderToString } from "react-dom/server";
import { createTheme } from "../theme/theme";

/** One of each, rendered once, the way the pages use them (a Form.Item, a search input, a sider, a grid). */
function FirstLoadComponents() {
  return (
    <Layout>
      <Layout.Sider>
        <Menu items={[{ key: "a", label: "a" }]} />
      </Layout.Sider>
      <Layout.Header />
      <Layout.Content>
        <Typography.Title>t</Typography.Title>
        <Typography.Text>t</Typography.Text>
        <Row>
          <Col span={12} />
        </Row>
        <Space>
          <Space.Compact>
            <Input />
          </Space.Compact>
        </Space>
        <Flex />
        <Card title="c" />
        <Alert message="a" />
        <Result status="404" />
        <Empty />
        <Spin />
        <Skeleton />
        <Divider />
        <Avatar />
        <Badge count={1} />
        <Tag>t</Tag>
        <Tag color="blue">t</Tag>
        <Button>b</Button>
        <Dropdown menu={{ items: [] }}>
          <span />
        </Dropdown>
        <Tooltip title="t">
          <span />
        </Tooltip>
        <Input.Search />
        <InputNumber />
        <Select />
        <Checkbox />
        <Switch />
        <Tabs items={[{ key: "a", label: "a" }]} />
        <Descriptions items={[{ key: "a", label: "a", children: "a" }]} />
        <Form>
          <Form.Item label="f">
            <Input />
          </Form.Item>
        </Form>
        <Table columns={[{ key: "a", title: "a" }]} dataSource={[]} />
        <Pagination total={100} />
      </Layout.Content>
    </Layout>
  );
}

/** The stylesheet's text for the app's theme in `mode` (the same ConfigProvider and App as app-providers.tsx). */
export function renderAppStyles(mode: string): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={createTheme(mode)}>
        <AntdApp>
          <FirstLoadComponents />
        </AntdApp>
      </ConfigProvider>
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true });
}
