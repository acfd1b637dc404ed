/**
 * Whether the signed-in user is a seller, as the server says (GET /api/me):
 * the menu offers the back office only then. Asked once per signed-in user;
 * a failure counts as "not a seller" and is not shown (the server decides on
 * every seller call anyway).
 */
import { apiRoutes } from '@wifi7/contract';
import { useEffect, useState } from 'react';
import { authorizedRequest } from '../../../lib/authorized-request';
import { schemaOf } from '../../../lib/schema-loader';
import { useAuth } from './use-auth';

const answers = new Map<string, Promise<boolean>>();

export function isSellerUser(uid: string): Promise<boolean> {
  let answer = answers.get(uid);
  if (!answer) {
    answer = authorizedRequest({ method: 'GET', url: apiRoutes.me }, schemaOf('meResponseSchema'))
      .then((me) => me.seller)
      .catch(() => {
        answers.delete(uid);
        return false;
      });
    answers.set(uid, answer);
  }
  return answer;
}

/** `undefined` while asking; then whether the signed-in user is a seller. */
export function useSellerAccess(): boolean | undefined {
  const { user } = useAuth();
  const uid = user?.uid;
  const [result, setResult] = useState<{ uid: string; seller: boolean }>();
  useEffect(() => {
    if (!uid) return;
    let alive = true;
    void isSellerUser(uid).then((seller) => {
      if (alive) setResult({ uid, seller });
    });
    return () => {
      alive = false;
    };
  }, [uid]);
  if (!uid) return false;
  return result?.uid === uid ? result.seller : undefined;
}
