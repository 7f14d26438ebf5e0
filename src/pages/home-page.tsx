// Home (spec §2): a greeting and shortcuts to the areas this user may open.
import { useGetIdentity } from "@refinedev/core";
import { Card, Col, Row, Typography } from "antd";
import { Link } from "react-router";
import { NavigationIcon } from "../layouts/navigation-icons";
import { useAllowedNavigation } from "../layouts/use-allowed-navigation";
import { homeTiles } from "./home-tiles";

export default function HomePage() {
  const { data: identity } = useGetIdentity<{ name?: string }>();
  const tiles = useAllowedNavigation(homeTiles);
  return (
    <>
      <Typography.Title level={2}>
        {identity?.name ? `Welcome, ${identity.name}` : "Welcome"}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {tiles.map((tile) => (
          <Col key={tile.route} xs={24} sm={12} md={8} xl={6}>
            <Link to={tile.route}>
              <Card hoverable>
                <Card.Meta avatar={<NavigationIcon name={tile.icon} />} title={tile.label} />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}
