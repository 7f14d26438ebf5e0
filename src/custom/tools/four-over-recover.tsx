// A 4over submit whose answer was lost (the server ended between 4over's answer and recording it): the item
// stays "Sending". After five minutes the page says so and asks the person to look the order up on 4over under
// the reference we sent (4over documents no look-up by it): the job found there is recorded (the server checks
// it with 4over first), or, when 4over has no such order, the attempt is dropped so the item can be sent again.
import { Alert, Button, Card, Flex, Form, Input, Popconfirm, Typography } from "antd";
import { useState } from "react";
import { type FourOverItem, recoverFourOver } from "./four-over-api";

const WHEN = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function LostAnswerCard({
  item,
  onResolved,
}: {
  item: FourOverItem;
  onResolved(message: string): void;
}) {
  const [busy, setBusy] = useState<"record" | "resend" | null>(null);
  const resolve = async (how: "record" | "resend", found: { job_id: string } | { resend: true }) => {
    setBusy(how);
    try {
      const answer = await recoverFourOver(item.item_id, found);
      if (answer) onResolved(answer.data.message);
    } catch {
      // The app's http client shows the server's sentence.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title="Sending to 4over did not finish">
      <Flex vertical gap={12}>
        <Alert
          type="warning"
          showIcon
          message={`This item was sent to 4over${item.sending_since ? ` at ${WHEN.format(new Date(item.sending_since))}` : ""}, but 4over's answer was never recorded.`}
          description={
            <>
              Look the order up on 4over under the reference{" "}
              <Typography.Text code copyable>
                {item.reference}
              </Typography.Text>
              . If 4over has it, record its job id; if not, send the item again.
            </>
          }
        />
        <Form
          layout="inline"
          onFinish={(values: { job_id: string }) => resolve("record", { job_id: values.job_id.trim() })}
        >
          <Form.Item
            name="job_id"
            label="4over job id"
            htmlFor="four-over-job-id"
            rules={[{ required: true, whitespace: true, message: "Enter the job id 4over shows" }]}
          >
            <Input id="four-over-job-id" placeholder="Z40000001-001" maxLength={40} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={busy === "record"} disabled={busy !== null}>
              Record the job
            </Button>
          </Form.Item>
        </Form>
        <Popconfirm
          title="Send this item again?"
          description="Only when 4over has no order under this reference: otherwise it would print twice."
          okText="Send again"
          onConfirm={() => resolve("resend", { resend: true })}
        >
          <Button loading={busy === "resend"} disabled={busy !== null} style={{ alignSelf: "flex-start" }}>
            4over has none: send again
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
}
