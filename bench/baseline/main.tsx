// The benchmark's baseline (bench/run.ts): a bare Vite + antd page with one Table and one Form, what any antd
// app pays before it does anything of its own. Built with the app's own Vite, React and antd.
import { Button, Form, Input, Table } from "antd";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

const rows = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  number: `W-${1000 + i}`,
  customer: `Customer ${i + 1}`,
  total: (i * 37.5).toFixed(2),
}));

function Page() {
  return (
    <main style={{ padding: 24 }}>
      <Form layout="inline" onFinish={() => {}} style={{ marginBottom: 16 }}>
        <Form.Item label="Customer" name="customer" rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Search
        </Button>
      </Form>
      <Table
        rowKey="id"
        dataSource={rows}
        pagination={{ pageSize: 25 }}
        columns={[
          { title: "Order", dataIndex: "number" },
          { title: "Customer", dataIndex: "customer" },
          { title: "Total", dataIndex: "total", align: "right" },
        ]}
      />
    </main>
  );
}

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
