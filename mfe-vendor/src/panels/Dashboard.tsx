import { formatRupees, ListState, Price, StackedTable, Table, TableWrap, theme, useLoad } from '@medstore/ui'
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js'
import { useId } from 'react'
import { Bar } from 'react-chartjs-2'
import styled from 'styled-components'
import { type OrderStatistics, type PeriodComparison, vendorApi } from '../api.ts'
import { dayLabel, percentChange, trend } from '../domain/statistics.ts'
import { Panel } from './common.tsx'

// Only the pieces a bar chart needs are registered (chart.js is tree-shakeable this way).
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip)

const Stack = styled.div`
  display: grid;
  gap: 16px;
`

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 16px;
`

const Card = styled.article`
  padding: 16px;
  border: 1px solid ${theme.color.border};
  border-radius: 12px;
  background: ${theme.color.surface};

  h2 {
    margin: 0 0 6px;
    font-size: 0.9rem;
    font-weight: 600;
    color: ${theme.color.muted};
  }

  .value {
    font-size: 1.6rem;
    font-weight: 700;
  }

  .change {
    font-size: 0.85rem;
  }

  .up {
    color: #166534;
  }

  .down {
    color: ${theme.color.danger};
  }

  .flat {
    color: ${theme.color.muted};
  }
`

const Section = styled.section`
  padding: 16px;
  border: 1px solid ${theme.color.border};
  border-radius: 12px;
  background: ${theme.color.surface};
  min-width: 0;

  h2 {
    margin: 0 0 12px;
    font-size: 1.05rem;
  }

  details {
    margin-top: 12px;
  }
`

const Split = styled.div`
  display: grid;
  gap: 16px;

  @media (min-width: 1024px) {
    grid-template-columns: 2fr 1fr;
  }
`

function Figure({
  title,
  figure,
  format,
}: {
  title: string
  figure: PeriodComparison
  format: (n: number) => string
}) {
  const direction = trend(figure)
  const id = useId()
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="value">{format(figure.last30)}</div>
      <div className={`change ${direction}`}>
        <strong>{percentChange(figure)}</strong>{' '}
        <span style={{ color: theme.color.muted }}>vs previous 30 days</span>
      </div>
    </Card>
  )
}

const count = (n: number) => n.toLocaleString('en-IN')

function RevenueChart({ series }: { series: OrderStatistics['dailyRevenue'] }) {
  return (
    <Section aria-labelledby="revenue-heading">
      <h2 id="revenue-heading">Daily revenue, last 30 days</h2>
      {/* The canvas is a picture for sighted users; the table below carries the same figures for everyone. */}
      <div style={{ position: 'relative', height: 260 }} aria-hidden="true">
        <Bar
          data={{
            labels: series.map((d) => dayLabel(d.day)),
            datasets: [
              { label: 'Revenue', data: series.map((d) => d.revenue), backgroundColor: theme.color.brand },
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            plugins: { tooltip: { callbacks: { label: (item) => formatRupees(Number(item.raw)) } } },
            scales: { y: { ticks: { callback: (v) => formatRupees(Number(v)).replace(/\.00$/, '') } } },
          }}
        />
      </div>
      <details>
        <summary>Daily revenue as a table</summary>
        <TableWrap>
          <Table>
            <caption className="visually-hidden">Daily revenue, last 30 days</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {series.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{dayLabel(d.day)}</th>
                  <td>
                    <Price amount={d.revenue} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      </details>
    </Section>
  )
}

/** Loaded lazily: chart.js stays out of the other panels' download. */
export default function Dashboard() {
  const [load, reload] = useLoad(() => vendorApi.statistics(), 'statistics')
  return (
    <Panel title="Dashboard">
      <ListState load={load} retry={reload} isEmpty={() => false} empty={null}>
        {(stats) => (
          <Stack>
            <Cards>
              <Figure title="Revenue (30 days)" figure={stats.revenue} format={formatRupees} />
              <Figure title="Orders (30 days)" figure={stats.orders} format={count} />
              <Figure title="New customers (30 days)" figure={stats.newCustomers} format={count} />
            </Cards>
            <Split>
              <RevenueChart series={stats.dailyRevenue} />
              <Section aria-labelledby="today-heading">
                <h2 id="today-heading">Today</h2>
                <dl style={{ margin: 0, display: 'grid', gap: 8 }}>
                  <div>
                    <dt>Orders today</dt>
                    <dd style={{ margin: 0, fontSize: '1.4rem', fontWeight: 700 }}>
                      {count(stats.today.orders)}
                    </dd>
                  </div>
                  <div>
                    <dt>Income today</dt>
                    <dd style={{ margin: 0, fontSize: '1.4rem', fontWeight: 700 }}>
                      <Price amount={stats.today.income} />
                    </dd>
                  </div>
                </dl>
              </Section>
            </Split>
            <Section aria-labelledby="recent-heading">
              <h2 id="recent-heading">Recent Customers</h2>
              {stats.recentCustomers.length === 0 ? (
                <p>No orders in the last 30 days.</p>
              ) : (
                <StackedTable>
                  <Table>
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">Email</th>
                        <th scope="col">Spent</th>
                        <th scope="col">Orders</th>
                      </tr>
                    </thead>
                    <tbody>
                      {stats.recentCustomers.map((c) => (
                        <tr key={c.userId}>
                          <td data-label="Name">{c.name}</td>
                          <td data-label="Email">{c.email ?? '—'}</td>
                          <td data-label="Spent">
                            <Price amount={c.spent} />
                          </td>
                          <td data-label="Orders">{count(c.orders)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </StackedTable>
              )}
            </Section>
          </Stack>
        )}
      </ListState>
    </Panel>
  )
}
