import { Route, Switch } from 'wouter'
import { appRoutes } from '@common/routes'
import { AccountPage } from '@/features/customer-account/components/account-page'
import { ReceiptPage } from '@/features/customer-account/components/receipt-page'
import { SignInPage } from '@/features/customer-account/components/sign-in-page'
import { useDocumentTitle } from '@/lib/use-document-title'
import { GetHelp } from './get-help'

/** The customer's own pages (/account…), a chunk of their own: no other page loads them. */
export function AccountRoute() {
  useDocumentTitle('Your account')
  return (
    <Switch>
      <Route path={appRoutes.accountSignIn} component={SignInPage} />
      <Route path={appRoutes.accountReceipt}>
        {(params: { id: string }) => <ReceiptPage paymentId={params.id} />}
      </Route>
      <Route path={appRoutes.account}>
        <AccountPage renderHelp={(person) => <GetHelp person={person} />} />
      </Route>
    </Switch>
  )
}
