/**
 * One small task (read marks; print how many passed, the highest, the average) in C, C++ and Python:
 * `original`; `sameShape`, another student's own solution with the loops and ifs everyone writes but other
 * comparisons, constants, types and `++k` for `i++` (the same named syntax nodes, other operators and
 * literals: what Dolos' own tokens cannot tell apart, tokenizer.ts); `disguised`, a copy of `original`
 * with every name changed, the two helpers swapped, comments added and another layout.
 */

export const c = {
  original: `#include <stdio.h>

int passed(const int *scores, int n) {
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (scores[i] >= 50) count++;
    }
    return count;
}

int highest(const int *scores, int n) {
    int best = scores[0];
    for (int i = 1; i < n; i++) {
        if (scores[i] > best) best = scores[i];
    }
    return best;
}

int main(void) {
    int n;
    int scores[100];
    scanf("%d", &n);
    for (int i = 0; i < n; i++) scanf("%d", &scores[i]);
    long sum = 0;
    for (int i = 0; i < n; i++) sum += scores[i];
    printf("passed: %d\\n", passed(scores, n));
    printf("highest: %d\\n", highest(scores, n));
    printf("average: %.1f\\n", (double)sum / n);
    return 0;
}
`,
  sameShape: `#include <stdio.h>

int count_passes(const int *marks, int size) {
    int passes = 0;
    for (int k = 0; k != size; ++k) {
        if (marks[k] > 49) ++passes;
    }
    return passes;
}

int top_mark(const int *marks, int size) {
    int top = marks[0];
    for (int k = 1; k != size; ++k) {
        if (marks[k] >= top) top = marks[k];
    }
    return top;
}

int main(void) {
    int size;
    int marks[128];
    scanf("%i", &size);
    for (int k = 0; k != size; ++k) scanf("%i", &marks[k]);
    double total = 0;
    for (int k = 0; k != size; ++k) total += marks[k];
    printf("passed: %d\\n", count_passes(marks, size));
    printf("highest: %d\\n", top_mark(marks, size));
    printf("average: %.1f\\n", (float)total / size);
    return 0;
}
`,
  disguised: `#include <stdio.h>

/* the best mark of the class */
int top_of(const int *m, int len)
{
  int t = m[0];
  for (int j = 1; j < len; j++)
  {
    if (m[j] > t)
      t = m[j];   // new top
  }
  return t;
}

/* how many passed */
int pass_count(const int *m, int len)
{
  int c = 0;
  for (int j = 0; j < len; j++)
  {
    if (m[j] >= 50)
      c++;
  }
  return c;
}

int main(void)
{
  int len;
  int m[100];
  scanf("%d", &len);
  for (int j = 0; j < len; j++)
    scanf("%d", &m[j]);   // read them all
  long s = 0;
  for (int j = 0; j < len; j++)
    s += m[j];
  printf("passed: %d\\n", pass_count(m, len));
  printf("highest: %d\\n", top_of(m, len));
  printf("average: %.1f\\n", (double) s / len);
  return 0;
}
`,
};

export const cpp = {
  original: `#include <iostream>
#include <vector>
using namespace std;

int passed(const vector<int>& scores) {
    int count = 0;
    for (size_t i = 0; i < scores.size(); i++) {
        if (scores[i] >= 50) count++;
    }
    return count;
}

int highest(const vector<int>& scores) {
    int best = scores[0];
    for (size_t i = 1; i < scores.size(); i++) {
        if (scores[i] > best) best = scores[i];
    }
    return best;
}

int main() {
    int n;
    cin >> n;
    vector<int> scores(n);
    for (int i = 0; i < n; i++) cin >> scores[i];
    long sum = 0;
    for (int s : scores) sum += s;
    cout << "passed: " << passed(scores) << endl;
    cout << "highest: " << highest(scores) << endl;
    cout << "average: " << (double)sum / n << endl;
    return 0;
}
`,
  sameShape: `#include <iostream>
#include <vector>
using namespace std;

int count_passes(const vector<int>& marks) {
    int passes = 0;
    for (size_t k = 0; k != marks.size(); ++k) {
        if (marks[k] > 49) ++passes;
    }
    return passes;
}

int top_mark(const vector<int>& marks) {
    int top = marks[0];
    for (size_t k = 1; k != marks.size(); ++k) {
        if (marks[k] >= top) top = marks[k];
    }
    return top;
}

int main() {
    int size;
    cin >> size;
    vector<int> marks(size);
    for (int k = 0; k != size; ++k) cin >> marks[k];
    double total = 0;
    for (int m : marks) total += m;
    cout << "passed: " << count_passes(marks) << endl;
    cout << "highest: " << top_mark(marks) << endl;
    cout << "average: " << (float)total / size << endl;
    return 0;
}
`,
  disguised: `#include <iostream>
#include <vector>
using namespace std;

// the best mark
int top_of(const vector<int> &m)
{
    int t = m[0];
    for (size_t j = 1; j < m.size(); j++)
    {
        if (m[j] > t) t = m[j];
    }
    return t;
}

// how many passed
int pass_count(const vector<int> &m)
{
    int c = 0;
    for (size_t j = 0; j < m.size(); j++)
    {
        if (m[j] >= 50) c++;
    }
    return c;
}

int main()
{
    int len;
    cin >> len;
    vector<int> m(len);
    for (int j = 0; j < len; j++) cin >> m[j];  // read
    long s = 0;
    for (int v : m) s += v;
    cout << "passed: " << pass_count(m) << endl;
    cout << "highest: " << top_of(m) << endl;
    cout << "average: " << (double) s / len << endl;
    return 0;
}
`,
};

export const python = {
  original: `def passed(scores):
    count = 0
    for score in scores:
        if score >= 50:
            count += 1
    return count


def highest(scores):
    best = scores[0]
    for score in scores:
        if score > best:
            best = score
    return best


scores = [int(x) for x in input().split()]
total = 0
for score in scores:
    total += score
print("passed:", passed(scores))
print("highest:", highest(scores))
print("average:", round(total / len(scores), 1))
`,
  sameShape: `def count_passes(marks):
    passes = 0
    for mark in marks:
        if mark > 49:
            passes += 1
    return passes


def top_mark(marks):
    top = marks[0]
    for mark in marks:
        if mark >= top:
            top = mark
    return top


marks = [int(m) for m in input().split()]
total = 0.0
for mark in marks:
    total += mark
print("passed:", count_passes(marks))
print("highest:", top_mark(marks))
print("mean:", round(total / len(marks), 2))
`,
  disguised: `# Homework: marks


def top_of(m):
    # the best one
    t = m[0]
    for v in m:
        if v > t:
            t = v
    return t


def pass_count(m):
    c = 0
    for v in m:
        if v >= 50:  # passed
            c += 1
    return c


m = [int(w) for w in input().split()]
s = 0
for v in m:
    s += v
print("passed:", pass_count(m))
print("highest:", top_of(m))
print("average:", round(s / len(m), 1))
`,
};
