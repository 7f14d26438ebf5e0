// The global loader overlay (spec §3, §4), driven by the loader store.
import Spin from "antd/es/spin";
import { useLoader } from "../providers/loader-store";

export function GlobalLoader() {
  const { isLoading, message } = useLoader();
  return <Spin fullscreen spinning={isLoading} tip={message} />;
}
