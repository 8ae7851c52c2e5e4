/**
 * Programs for the similarity tests: an original, the usual disguises of a copy (renamed variables,
 * functions in another order, comments and layout changed), and solutions written independently.
 */
export const original = `#include <stdio.h>

int max_of(const int *values, int count) {
    int best = values[0];
    for (int i = 1; i < count; i++) {
        if (values[i] > best) best = values[i];
    }
    return best;
}

double average(const int *values, int count) {
    long sum = 0;
    for (int i = 0; i < count; i++) sum += values[i];
    return (double)sum / count;
}

int main(void) {
    int n;
    if (scanf("%d", &n) != 1 || n <= 0 || n > 100) {
        printf("Invalid input\\n");
        return 1;
    }
    int numbers[100];
    for (int i = 0; i < n; i++) scanf("%d", &numbers[i]);
    printf("max=%d\\n", max_of(numbers, n));
    printf("avg=%.2f\\n", average(numbers, n));
    int evens = 0;
    for (int i = 0; i < n; i++) {
        if (numbers[i] % 2 == 0) evens++;
    }
    printf("evens=%d\\n", evens);
    return 0;
}
`;

/** The original with every name changed. */
export const renamed = original
  .replace(/max_of/g, 'biggest')
  .replace(/average/g, 'mean_value')
  .replace(/values/g, 'arr')
  .replace(/count/g, 'len')
  .replace(/best/g, 'top')
  .replace(/numbers/g, 'data')
  .replace(/evens/g, 'even_count')
  .replace(/\bsum\b/g, 'total')
  .replace(/(?<!\\)\bn\b/g, 'size');

/** The original with its two helper functions swapped. */
export const reordered = (() => {
  const maxFn = original.slice(original.indexOf('int max_of'), original.indexOf('double average'));
  const avgFn = original.slice(original.indexOf('double average'), original.indexOf('int main'));
  return original.replace(maxFn + avgFn, avgFn + maxFn);
})();

/** The original with comments added, another brace style and other spacing. */
export const recommented = `#include <stdio.h>
/* Statistics of a list of numbers: homework 7 */

// returns the largest value
int max_of( const int *values , int count )
{
  int best = values[ 0 ];   // start with the first
  for ( int i = 1 ; i < count ; i++ )
  {
    if ( values[ i ] > best ) best = values[ i ];
  }
  return best;
}

/* the mean, as a double */
double average( const int *values , int count )
{
  long sum = 0;
  for ( int i = 0 ; i < count ; i++ ) sum += values[ i ];
  return ( double ) sum / count;
}

int main( void )
{
  int n;
  // read and check the size
  if ( scanf( "%d" , &n ) != 1 || n <= 0 || n > 100 )
  {
    printf( "Invalid input\\n" );
    return 1;
  }
  int numbers[ 100 ];
  for ( int i = 0 ; i < n ; i++ ) scanf( "%d" , &numbers[ i ] );
  printf( "max=%d\\n" , max_of( numbers , n ) );
  printf( "avg=%.2f\\n" , average( numbers , n ) );
  int evens = 0;   /* how many are even */
  for ( int i = 0 ; i < n ; i++ )
  {
    if ( numbers[ i ] % 2 == 0 ) evens++;
  }
  printf( "evens=%d\\n" , evens );
  return 0;
}
`;

/** The same task solved by someone else: one pass in main, while loops, no helpers. */
export const independent = `#include <stdio.h>

int main(void) {
    int count = 0;
    if (scanf("%d", &count) != 1 || count < 1 || count > 100) {
        printf("Invalid input\\n");
        return 1;
    }
    int read = 0, largest = 0, even = 0;
    long total = 0;
    while (read < count) {
        int x;
        scanf("%d", &x);
        if (read == 0 || x > largest) largest = x;
        total = total + x;
        even += (x % 2 == 0) ? 1 : 0;
        read++;
    }
    printf("max=%d\\n", largest);
    printf("avg=%.2f\\n", total / (double)count);
    printf("evens=%d\\n", even);
    return 0;
}
`;

/** A short Python task (count the vowels of a line), solved twice independently. */
export const vowelsA = `line = input()
count = 0
for ch in line:
    if ch.lower() in "aeiou":
        count += 1
print("Vowels:", count)
`;
export const vowelsB = `text = input().lower()
vowels = sum(1 for c in text if c in "aeiou")
print(f"Vowels: {vowels}")
`;

/** A starter given to the class, and two students who kept it and wrote different code in it. */
export const starter = `import sys

def read_numbers():
    data = sys.stdin.read().split()
    return [int(x) for x in data]

def report(label, value):
    print(f"{label}: {value}")

def check(numbers):
    if len(numbers) == 0:
        print("No numbers given")
        return False
    for x in numbers:
        if x < -1000 or x > 1000:
            print(f"Out of range: {x}")
            return False
    return True

def summary(numbers):
    report("Count", len(numbers))
    report("First", numbers[0])
    report("Last", numbers[-1])

def main():
    numbers = read_numbers()
    if not check(numbers):
        return
    summary(numbers)
    # TODO: compute the answer
    report("Answer", 0)

if __name__ == "__main__":
    main()
`;
export const starterFilledA = starter.replace(
  '    # TODO: compute the answer\n    report("Answer", 0)',
  '    best = None\n    for x in numbers:\n        if best is None or x > best:\n            best = x\n    report("Answer", best)',
);
export const starterFilledB = starter.replace(
  '    # TODO: compute the answer\n    report("Answer", 0)',
  '    ordered = sorted(numbers, reverse=True)\n    report("Answer", ordered[0] if ordered else "none")',
);

/**
 * Day 21, task 1 (rectangles) written in the lesson's starter by a student who wrote their own main:
 * it keeps the starter's struct and function heads, as the reference solution does.
 */
export const rectanglesOwn = `#include <stdio.h>

typedef struct {
    int width;
    int height;
} Rectangle;

int area(Rectangle r) {
    int a = r.width;
    a *= r.height;
    return a;
}

int perimeter(Rectangle r) {
    return r.width + r.width + r.height + r.height;
}

int main(void) {
    Rectangle rects[2];
    int ok = scanf("%d %d %d %d", &rects[0].width, &rects[0].height, &rects[1].width, &rects[1].height) == 4;
    for (int k = 0; ok && k < 2; k++)
        ok = rects[k].width >= 1 && rects[k].width <= 10000 && rects[k].height >= 1 && rects[k].height <= 10000;
    if (!ok) {
        puts("Invalid input");
        return 1;
    }
    int k = 0;
    while (k < 2) {
        printf("Rectangle %d: area %d, perimeter %d\\n", k + 1, area(rects[k]), perimeter(rects[k]));
        k++;
    }
    const char *larger = area(rects[0]) > area(rects[1]) ? "1" : area(rects[1]) > area(rects[0]) ? "2" : "equal";
    printf("Larger: %s\\n", larger);
    return 0;
}
`;

/**
 * Independent solutions of a real course task (Python day 7, "Time converter": seconds to
 * "H hours, M minutes, S seconds" and HH:MM:SS), each an approach a class writes; the reference solution
 * from the lesson file joins them in the test.
 */
export const timeConverter = {
  divmod: `total = int(input())
h, rest = divmod(total, 3600)
m, sec = divmod(rest, 60)
print(f"{h} hours, {m} minutes, {sec} seconds")
print(f"{h:02}:{m:02}:{sec:02}")
`,
  subtracting: `s = int(input())
hours = 0
while s >= 3600:
    s -= 3600
    hours += 1
minutes = 0
while s >= 60:
    s -= 60
    minutes += 1
print(str(hours) + " hours, " + str(minutes) + " minutes, " + str(s) + " seconds")
print("%02d:%02d:%02d" % (hours, minutes, s))
`,
  minutesFirst: `s = int(input())
total_minutes = s // 60
secs = s - total_minutes * 60
hrs = total_minutes // 60
mins = total_minutes - hrs * 60
print(hrs, "hours,", mins, "minutes,", secs, "seconds")
print(str(hrs).zfill(2) + ":" + str(mins).zfill(2) + ":" + str(secs).zfill(2))
`,
  helper: `def split_time(seconds):
    return seconds // 3600, seconds // 60 % 60, seconds % 60


h, m, s = split_time(int(input()))
print("{} hours, {} minutes, {} seconds".format(h, m, s))
print("{:02}:{:02}:{:02}".format(h, m, s))
`,
};
