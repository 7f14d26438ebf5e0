// Record ids in routes are digits only, for every kind (spec §5 says so of order_id): a layout
// route around a kind's routes that renders the not-found page for "/orders/12ab" before any
// guard or page asks the server for it. A layout route sees its children's params.
import { Outlet, useParams } from "react-router";
import { ID_PARAMS } from "../../resource-engine/resource-routes";
import NotFoundPage from "../not-found-page";

const DIGITS = /^\d+$/;

export function hasDigitIds(params: Readonly<Record<string, string | undefined>>): boolean {
  return ID_PARAMS.every((name) => params[name] === undefined || DIGITS.test(params[name]));
}

export function DigitIds() {
  const params = useParams();
  return hasDigitIds(params) ? <Outlet /> : <NotFoundPage />;
}
