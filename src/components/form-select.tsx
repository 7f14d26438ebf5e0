// antd's Select for a required Form.Item. The item hands its control aria-required, and rc-select puts it on its
// outer <div>, which has no role, where the attribute is not allowed (axe: aria-allowed-attr, critical) and tells
// nobody anything. This select puts it on its combobox input instead, where a screen reader reads it.
import { Select, type SelectProps } from "antd";
import type { RefSelectProps } from "antd/es/select";
import { useEffect, useRef } from "react";

type FormSelectProps = SelectProps & { "aria-required"?: boolean | "true" | "false" };

export function FormSelect({ "aria-required": required, ...props }: FormSelectProps) {
  const ref = useRef<RefSelectProps>(null);
  const isRequired = required === true || required === "true";
  useEffect(() => {
    const input = ref.current?.nativeElement?.querySelector("input");
    if (isRequired) input?.setAttribute("aria-required", "true");
    else input?.removeAttribute("aria-required");
  }, [isRequired]);
  return <Select ref={ref} {...props} />;
}
