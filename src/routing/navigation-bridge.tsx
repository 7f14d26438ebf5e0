// Lets code outside React (the http client's 401 handling) navigate with the router
// instead of reloading the page.
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { setNavigate } from "../providers/http-client";

export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    // Replace: "back" must not return to the page that just lost its session.
    setNavigate((to) => navigate(to, { replace: true }));
  }, [navigate]);
  return null;
}
