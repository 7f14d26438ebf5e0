// The card step of the payment dialog (loaded only when a card payment is started, with Stripe.js and
// React Stripe.js): Stripe's Payment Element for the PaymentIntent the server made, confirmed in the
// browser; the payment is the server's to record, from Stripe's signed webhook, so the step waits for
// it (GET orders/{id}/card-payments/{intent}) before it says the payment is recorded. A decline shows
// Stripe's sentence and the card can be tried again.
import { useDataProvider } from "@refinedev/core";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { Alert, Button, Flex, Space, Spin, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { formatMoney } from "../../components/fields/format";
import { getConfig } from "../../config/config";
import { type CardIntentState, cardWaitOutcome, WAIT_POLLS } from "./card-payment-wait";

export interface CardStepProps {
  orderId: number;
  orderNumber: string;
  amount: number;
  intentId: string;
  clientSecret: string;
  onBack: () => void;
  onDone: (message: string) => void;
}

let loading: { key: string; stripe: Promise<Stripe | null> } | undefined;
/** Stripe.js, once per page and key (loadStripe adds its script to the page on first use). */
const stripeFor = (key: string) => {
  if (loading?.key !== key) loading = { key, stripe: loadStripe(key) };
  return loading.stripe;
};

export default function CardPaymentStep(props: CardStepProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    stripeFor(getConfig().stripePublicKey).then(
      (s) => live && (s ? setStripe(s) : setFailed(true)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        message="Stripe's card form could not be loaded: check the connection and try again, or record another method"
      />
    );
  }
  if (!stripe) return <Spin tip="Loading the card form…" />;
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ orderId, orderNumber, amount, intentId, onBack, onDone }: CardStepProps) {
  const stripe = useStripe();
  const elements = useElements();
  const data = useDataProvider();
  const [error, setError] = useState<string | null>(null);
  const [stage, setStage] = useState<"card" | "paying" | "waiting">("card");
  const [waitNote, setWaitNote] = useState<string | null>(null);
  const stopped = useRef(false);
  useEffect(
    () => () => {
      stopped.current = true;
    },
    [],
  );

  const waitForRecord = async () => {
    setStage("waiting");
    for (let poll = 1; poll <= WAIT_POLLS && !stopped.current; poll += 1) {
      const answer = await data()
        .custom?.({ url: `orders/${orderId}/card-payments/${intentId}`, method: "get" })
        .catch(() => undefined);
      const outcome = cardWaitOutcome(answer?.data as CardIntentState | undefined, poll);
      if (outcome.kind === "recorded") {
        onDone(`${formatMoney(amount)} card payment recorded on ${orderNumber}`);
        return;
      }
      if (outcome.kind === "failed") {
        setError(outcome.message);
        setStage("card");
        return;
      }
      if (outcome.kind === "late") {
        setWaitNote(outcome.message);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  const pay = async () => {
    if (!stripe || !elements) return;
    setError(null);
    setStage("paying");
    const result = await stripe.confirmPayment({
      elements,
      redirect: "if_required",
      confirmParams: { return_url: window.location.href },
    });
    if (result.error) {
      setError(result.error.message ?? "The card was not accepted");
      setStage("card");
      return;
    }
    await waitForRecord();
  };

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Typography.Paragraph>
        Card payment of <strong>{formatMoney(amount)}</strong> on {orderNumber}
      </Typography.Paragraph>
      <PaymentElement />
      {error && <Alert type="error" showIcon role="alert" message={error} />}
      {stage === "waiting" &&
        (waitNote ? (
          <Alert type="info" showIcon message={waitNote} />
        ) : (
          <Spin tip="Paid: waiting for Stripe's confirmation to record it…">
            <div style={{ minHeight: 48 }} />
          </Spin>
        ))}
      <Flex justify="end" gap={8}>
        <Button onClick={onBack} disabled={stage === "paying"}>
          Back
        </Button>
        <Button
          type="primary"
          onClick={pay}
          loading={stage === "paying"}
          disabled={!stripe || !elements || stage === "waiting"}
        >
          Pay {formatMoney(amount)}
        </Button>
      </Flex>
    </Space>
  );
}
