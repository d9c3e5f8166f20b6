-- The database functions of inventory: their one current definition (a migration carries them
-- to the database: server/db/database-functions.ts).
--
-- tf_uuid_v7: a UUID version 7 of the instant `p_at` (48 bits of milliseconds, then random
-- bits), as the server's uuidv7() makes them, for rows a database function writes. PostgreSQL
-- 15 has no uuidv7() of its own. Give it the time it is made (clock_timestamp()), as uuidv7()
-- does, not a row's business time: ids then sort with the ones the server makes.
CREATE OR REPLACE FUNCTION "tf_uuid_v7"("p_at" timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send(floor(extract(epoch FROM p_at) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;--> statement-breakpoint
-- sale_ingredients: THE recipe rule, what a sale takes out of stock (the payment and the demo's
-- history both use it): per line of p_lines (a JSON array of bill lines by bill_lines' column
-- names: product_id, variant_id, addons [{ id }], quantity), its variant's recipe
-- (choice_ingredients) when the variant has one, else its product's (product_ingredients), and
-- on top each add-on option's recipe, all times the line's quantity; added up per ingredient,
-- leaving out what comes to 0 (a part of an equal split may carry none of a line's items).
CREATE OR REPLACE FUNCTION "sale_ingredients"("p_branch" uuid, "p_lines" json)
RETURNS TABLE ("ingredient_id" uuid, "used" bigint)
LANGUAGE sql STABLE AS $$
  WITH l AS (
    SELECT x.product_id, x.variant_id, coalesce(x.addons, '[]'::jsonb) AS addons,
      x.quantity::bigint AS quantity
    FROM json_populate_recordset(NULL::bill_lines, p_lines) x
  )
  SELECT r.ingredient_id, sum(r.used)::bigint
  FROM (
    SELECT ci.ingredient_id, ci.quantity_used::bigint * l.quantity AS used
    FROM l
    JOIN choice_ingredients ci ON ci.branch_id = p_branch AND ci.choice_id = l.variant_id
    UNION ALL
    SELECT pi.ingredient_id, pi.quantity_used::bigint * l.quantity
    FROM l
    JOIN product_ingredients pi ON pi.branch_id = p_branch AND pi.product_id = l.product_id
    WHERE l.variant_id IS NULL OR NOT EXISTS (
      SELECT 1 FROM choice_ingredients ci
      WHERE ci.branch_id = p_branch AND ci.choice_id = l.variant_id
    )
    UNION ALL
    SELECT ci.ingredient_id, ci.quantity_used::bigint * l.quantity
    FROM l
    CROSS JOIN LATERAL jsonb_array_elements(l.addons) AS a(addon)
    JOIN choice_ingredients ci ON ci.branch_id = p_branch
      AND ci.choice_id = (a.addon->>'id')::uuid
  ) r
  GROUP BY r.ingredient_id
  HAVING sum(r.used) <> 0
$$;--> statement-breakpoint
-- deduct_ingredients_for_sale: a sale takes what its bill used out of stock (inventory's rule,
-- called by billing's pay_table in the payment's transaction, with sale_ingredients of the
-- bill's lines). `p_ingredients` and `p_quantities` pair an ingredient with a quantity used (an
-- ingredient may come several times: they are added up). In three statements whatever the
-- recipe: the live ones are locked in id order (every payment locks them in that order, after
-- the branch's bill counter, so two payments never deadlock), each is set to its quantity less
-- what was used, and each gets one 'sale' row in its history. Deleted ingredients are left
-- alone. A sale that would take an ingredient below p_least (minus MAX_STORED_QUANTITY of
-- shared/units.ts: the stock column holds 32-bit integers) raises 'inventory.sale_too_large'
-- with the ingredient's name and unit as JSON in its DETAIL (inventory.usecases.ts
-- saleTooLargeOf reads it), and the whole payment rolls back. Answers whether any ingredient
-- was deducted.
CREATE OR REPLACE FUNCTION "deduct_ingredients_for_sale"(
  "p_branch" uuid, "p_bill" uuid, "p_user" uuid, "p_at" timestamptz,
  "p_ingredients" uuid[], "p_quantities" bigint[], "p_least" bigint
) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_ids uuid[];
  v_used bigint[];
  v_after integer[];
  v_short json;
BEGIN
  SELECT array_agg(x.id ORDER BY x.id), array_agg(x.used ORDER BY x.id),
    array_agg((x.quantity - x.used)::integer ORDER BY x.id) FILTER (WHERE x.quantity - x.used >= p_least),
    (array_agg(json_build_object('name', x.name, 'unit', x.unit::text) ORDER BY x.id)
      FILTER (WHERE x.quantity - x.used < p_least))[1]
  INTO v_ids, v_used, v_after, v_short
  FROM (
    SELECT i.id, i.name, i.unit, i.quantity, u.used
    FROM ingredients i
    JOIN (
      SELECT y.id, sum(y.quantity) AS used
      FROM unnest(p_ingredients, p_quantities) AS y(id, quantity)
      GROUP BY y.id
    ) u ON u.id = i.id
    WHERE i.branch_id = p_branch AND i.deleted_at IS NULL
    ORDER BY i.id
    FOR UPDATE OF i
  ) x;
  IF v_short IS NOT NULL THEN
    RAISE EXCEPTION 'inventory.sale_too_large' USING DETAIL = v_short::text;
  END IF;
  IF v_ids IS NULL THEN
    RETURN false;
  END IF;
  UPDATE ingredients i SET quantity = v.after, updated_at = p_at
  FROM unnest(v_ids, v_after) AS v(id, after)
  WHERE i.branch_id = p_branch AND i.id = v.id;
  INSERT INTO inventory_movements
    (branch_id, id, ingredient_id, action, quantity_delta, quantity_after, bill_id, user_id,
      created_at)
  SELECT p_branch, tf_uuid_v7(clock_timestamp()), v.id, 'sale', -v.used, v.after, p_bill, p_user,
    p_at
  FROM unnest(v_ids, v_used, v_after) WITH ORDINALITY AS v(id, used, after, n)
  ORDER BY v.n;
  RETURN true;
END
$$;--> statement-breakpoint
-- return_ingredients_of_bill: a cancelled bill's ingredients go back to stock (inventory's rule,
-- called by billing's cancellation, bill-ledger.ts recordCancellation, in its transaction, while
-- it holds the bill's row lock). Each 'sale' row of the bill not reversed yet is taken back:
-- its ingredient (live ones only: deleted ingredients are left alone) is locked in id order (the
-- order every payment locks them in, so a cancellation and a payment never deadlock), gets the
-- quantity back, and one 'reversal' row in its history whose reverses_movement_id is the sale
-- row (unique: a sale row is taken back at most once, whatever the race). Stock that would go
-- above p_most (MAX_STORED_QUANTITY of shared/units.ts: the column holds 32-bit integers)
-- raises 'inventory.return_too_large' with the ingredient's name and unit as JSON in its DETAIL
-- (inventory.usecases.ts stockLimitOf reads it), and the whole cancellation rolls back.
-- Answers whether any ingredient came back.
CREATE OR REPLACE FUNCTION "return_ingredients_of_bill"(
  "p_branch" uuid, "p_bill" uuid, "p_user" uuid, "p_at" timestamptz, "p_most" bigint
) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_full record;
  v_row record;
  v_sales uuid[] := '{}';
  v_ids uuid[] := '{}';
  v_back bigint[] := '{}';
  v_after integer[] := '{}';
BEGIN
  FOR v_row IN
    SELECT i.id, s.id AS movement_id, -s.quantity_delta::bigint AS back
    FROM ingredients i
    JOIN inventory_movements s ON s.branch_id = i.branch_id AND s.ingredient_id = i.id
    WHERE i.branch_id = p_branch AND i.deleted_at IS NULL
      AND s.bill_id = p_bill AND s.action = 'sale'
      AND NOT EXISTS (
        SELECT 1 FROM inventory_movements r
        WHERE r.branch_id = p_branch AND r.reverses_movement_id = s.id
      )
    ORDER BY i.id, s.id
    FOR UPDATE OF i
  LOOP
    v_sales := v_sales || v_row.movement_id;
    v_ids := v_ids || v_row.id;
    v_back := v_back || v_row.back;
  END LOOP;
  IF cardinality(v_ids) = 0 THEN
    RETURN false;
  END IF;
  SELECT i.name, i.unit::text AS unit INTO v_full
  FROM (
    SELECT x.id, sum(x.back) AS back FROM unnest(v_ids, v_back) AS x(id, back) GROUP BY x.id
  ) v
  JOIN ingredients i ON i.branch_id = p_branch AND i.id = v.id
  WHERE i.quantity + v.back > p_most
  ORDER BY i.id
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'inventory.return_too_large'
      USING DETAIL = json_build_object('name', v_full.name, 'unit', v_full.unit)::text;
  END IF;
  -- An ingredient may have several sale rows of the bill: each reversal row says the quantity
  -- right after it, in the order of the sale rows.
  SELECT array_agg(y.after ORDER BY y.n) INTO v_after
  FROM (
    SELECT x.n, (i.quantity + sum(x.back) OVER (PARTITION BY x.id ORDER BY x.n))::integer AS after
    FROM unnest(v_ids, v_back) WITH ORDINALITY AS x(id, back, n)
    JOIN ingredients i ON i.branch_id = p_branch AND i.id = x.id
  ) y;
  UPDATE ingredients i SET quantity = i.quantity + v.back, updated_at = p_at
  FROM (
    SELECT x.id, sum(x.back) AS back FROM unnest(v_ids, v_back) AS x(id, back) GROUP BY x.id
  ) v
  WHERE i.branch_id = p_branch AND i.id = v.id;
  INSERT INTO inventory_movements
    (branch_id, id, ingredient_id, action, quantity_delta, quantity_after, bill_id, user_id,
      reverses_movement_id, created_at)
  SELECT p_branch, tf_uuid_v7(clock_timestamp()), v.id, 'reversal', v.back, v.after, p_bill,
    p_user, v.sale, p_at
  FROM unnest(v_ids, v_back, v_after, v_sales) WITH ORDINALITY AS v(id, back, after, sale, n)
  ORDER BY v.n;
  RETURN true;
END
$$;
